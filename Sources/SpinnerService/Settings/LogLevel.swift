/// How much `spinnerd serve` logs (`--log-level`), from most to least.
public enum LogLevel: String, CaseIterable, Sendable {
    /// One line per request (`AccessLogLine`), and problems.
    case info
    /// Problems only: 5xx answers, failed renders, warnings.
    case warn
    /// Problems only (the service has no warning that is not also a problem worth a line).
    case error
    /// Nothing.
    case none

    /// True when every request gets a line.
    public var logsRequests: Bool { self == .info }
    /// True when problems and warnings get a line.
    public var logsProblems: Bool { self != .none }
}
