/// Why an encoder stopped: a failure inside its library (zlib, giflib) — input that
/// reaches an encoder has been validated, so these mean memory ran out or a library
/// refused its state — or an end the caller asked for (`stopped`, `tooLarge`).
public struct CodecError: Error, Hashable, Sendable {
    /// Which library step failed and its code, or why the encoder stopped.
    public let message: String
    /// Set when the caller's `StopCheck` ended the work.
    public let stopped: StopCheck.Reason?
    /// Set when the output would pass this many bytes.
    public let tooLargeLimit: Int?

    public init(_ message: String) {
        self.message = message
        stopped = nil
        tooLargeLimit = nil
    }

    /// The work was told to stop.
    public init(stopped reason: StopCheck.Reason) {
        message = "stopped: \(reason)"
        stopped = reason
        tooLargeLimit = nil
    }

    /// The output would be larger than `limit` bytes.
    public init(tooLarge limit: Int) {
        message = "the output passes \(limit) bytes"
        stopped = nil
        tooLargeLimit = limit
    }
}
