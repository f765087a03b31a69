import SpinnerModel

/// An encoded spinner image and what it is.
public struct RenderedImage: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// Its format.
    public let format: OutputFormat

    public init(bytes: [UInt8], format: OutputFormat) {
        self.bytes = bytes
        self.format = format
    }

    /// The exact `Content-Type`.
    public var mediaType: String { format.mediaType }
}
