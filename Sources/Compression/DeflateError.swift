/// Why a deflate library failed: which step and its code. Input is plain bytes, so these
/// mean memory ran out or a library refused its own state.
public struct DeflateError: Error, Hashable, Sendable {
    /// Which library call failed, and its code.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
