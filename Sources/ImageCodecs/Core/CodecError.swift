/// A failure inside an encoder's library (zlib, giflib). Input that reaches an encoder
/// has been validated, so these mean memory ran out or a library refused its state.
public struct CodecError: Error, Hashable, Sendable {
    /// Which library step failed and its code.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
