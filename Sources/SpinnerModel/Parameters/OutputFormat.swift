/// The file formats spinnerd writes.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    /// Animated SVG (CSS keyframes); the default.
    case svg
    /// Animated PNG.
    case apng
    /// Animated GIF.
    case gif
    /// One PNG frame at time `t`.
    case png
    /// Animated WebP, lossless, with full 8-bit alpha.
    case webp

    /// The exact `Content-Type`.
    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .apng: "image/apng"
        case .gif: "image/gif"
        case .png: "image/png"
        case .webp: "image/webp"
        }
    }

    /// The name people know the format by: `SVG`, `APNG`, `GIF`, `PNG`, `WebP`.
    public var displayName: String {
        switch self {
        case .webp: "WebP"
        default: rawValue.uppercased()
        }
    }

    /// Every format for a sentence: the animated ones in catalog order, then the still
    /// PNG ("SVG, APNG, GIF, WebP and PNG").
    public static var listedForPeople: String {
        let names = (allCases.filter { $0 != .png } + [.png]).map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// True for the formats that are a sequence of raster frames.
    public var isAnimatedRaster: Bool { self == .apng || self == .gif || self == .webp }

    /// The format a file name's extension asks for (`.png` means a still PNG), if any.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }
}
