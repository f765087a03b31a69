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
    /// A Lottie animation (JSON) for apps; its path extension is `.json`.
    case lottie
    /// A dotLottie file (`.lottie`): a zip archive holding the Lottie animation, a manifest,
    /// and a light and a dark theme that set its colour slots, for the dotLottie players.
    case dotlottie

    /// The exact `Content-Type`.
    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .apng: "image/apng"
        case .gif: "image/gif"
        case .png: "image/png"
        case .webp: "image/webp"
        case .lottie: "application/json"
        // The type the dotLottie tools and mime-db give `.lottie` files.
        case .dotlottie: "application/zip+dotlottie"
        }
    }

    /// The path extension (`/spinner/circular.gif`): the format's name, but `json` for
    /// Lottie and `lottie` for dotLottie, as Lottie users name their files.
    public var fileExtension: String {
        switch self {
        case .lottie: "json"
        case .dotlottie: "lottie"
        default: rawValue
        }
    }

    /// True for the formats written as vectors from the model's keyframes (SVG, Lottie,
    /// dotLottie): no pixels are drawn, so their cost is small and fixed.
    public var isVector: Bool { self == .svg || isLottie }

    /// True for the formats holding a Lottie animation: Lottie's JSON, and the dotLottie
    /// archive around it. Both take the same parameters and play alike.
    public var isLottie: Bool { self == .lottie || self == .dotlottie }

    /// The name people know the format by: `SVG`, `APNG`, `GIF`, `PNG`, `WebP`.
    public var displayName: String {
        switch self {
        case .webp: "WebP"
        case .lottie: "Lottie"
        case .dotlottie: "dotLottie"
        default: rawValue.uppercased()
        }
    }

    /// Every format for a sentence: the animated ones in catalog order, then the still
    /// PNG ("SVG, APNG, GIF, WebP and PNG").
    public static var listedForPeople: String {
        let names = (allCases.filter { $0 != .png } + [.png]).map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// True for the formats whose file holds the whole loop, every motion written over the
    /// time they take to line up (animated rasters, and Lottie, whose keyframe tracks run
    /// over the whole loop): the loop limit binds them. An SVG repeats each motion on its
    /// own, and a PNG is one moment.
    public var holdsWholeLoop: Bool { isAnimatedRaster || isLottie }

    /// True for the formats that are a sequence of raster frames.
    public var isAnimatedRaster: Bool { self == .apng || self == .gif || self == .webp }

    /// The format a file name's extension asks for (`.png` means a still PNG, `.json` a
    /// Lottie animation, `.lottie` a dotLottie file), if any.
    public init?(fileExtension: String) {
        guard let format = OutputFormat.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else { return nil }
        self = format
    }
}
