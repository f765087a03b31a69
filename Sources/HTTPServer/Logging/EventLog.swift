#if canImport(Glibc)
import Glibc
#endif
import Concurrency

/// The lines that are not answers: the start, the drain and the stop, warnings and errors.
/// In the text format a line reads `spinnerd: MESSAGE` (`spinnerd: warning: MESSAGE` for a
/// warning; the start-up line as it stands); in JSON, `{"time":…,"level":…,"msg":MESSAGE,…}`
/// with its fields after. `info` and `debug` lines go to `output`, warnings and errors to
/// `errors`. They are few: each is written at once, in one `write`.
public final class EventLog: Sendable {
    /// A field's value.
    public enum Value: Sendable {
        case text(String)
        case number(Int)
    }

    /// Lines below it are not written.
    public let threshold: LogLevel
    public let format: LogFormat
    private let output: Int32
    private let errors: Int32

    public init(level: LogLevel, format: LogFormat, output: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) {
        threshold = level
        self.format = format
        self.output = output
        self.errors = errors
    }

    /// Writes `message` at `level` with `fields` (JSON only), when the threshold lets it
    /// through; `always` writes it at every threshold but `none` (the lifecycle's lines:
    /// where the server listens, that it drains, that it stopped).
    public func write(_ level: LogLevel, _ message: String, _ fields: [(String, Value)] = [], always: Bool = false, bare: Bool = false) {
        guard always ? threshold != .none : threshold.writes(level) else { return }
        var line = ""
        switch format {
        case .text:
            line = bare ? message : "spinnerd: " + (level == .warn ? "warning: " : "") + message
        case .json:
            var clock = LogClock()
            let time = withUnsafeTemporaryAllocation(byteCount: 32, alignment: 1) { storage in
                var buffer = LogBuffer(storage)
                clock.append(to: &buffer)
                return String(decoding: UnsafeRawBufferPointer(start: storage.baseAddress, count: buffer.count), as: UTF8.self)
            }
            line = "{\"time\":\"\(time)\",\"level\":\"\(level.rawValue)\",\"msg\":" + Self.quoted(message)
            for (name, value) in fields {
                switch value {
                case .text(let text): line += ",\"\(name)\":" + Self.quoted(text)
                case .number(let number): line += ",\"\(name)\":\(number)"
                }
            }
            line += "}"
        }
        let descriptor = level == .warn || level == .error ? errors : output
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { raw in
            var buffer = LogBuffer(raw)
            buffer.skip(to: raw.count)
            buffer.flush(to: descriptor)
        }
    }

    /// `text` as a JSON string (what `LogBuffer.appendJSONString` writes, unbounded).
    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(byteCount: utf8.count * 6 + 2, alignment: 1) { storage in
                var buffer = LogBuffer(storage)
                buffer.appendJSONString(UnsafeRawBufferPointer(utf8), limit: utf8.count)
                return String(decoding: UnsafeRawBufferPointer(start: storage.baseAddress, count: buffer.count), as: UTF8.self)
            }
        }
    }
}
