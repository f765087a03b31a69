/// How much `spinnerd serve` logs (`--log-level`), from most to least.
public enum LogLevel: String, CaseIterable, Sendable {
    /// Every answer a line, the probes' and scrapes' too (`/healthz`, `/metrics`).
    case debug
    /// Every answer a line but the probes' and scrapes', and problems.
    case info
    /// Problems only: answers with a 5xx status, warnings, errors.
    case warn
    /// Errors only: answers with a 5xx status, failures.
    case error
    /// Nothing (but the start-up line, which says where the server listens).
    case none

    /// How severe a line at this level is: its place in `allCases` (`debug` 0).
    var severity: Int { LogLevel.allCases.firstIndex(of: self) ?? 0 }

    /// True when a line of `level` is written at this threshold.
    public func writes(_ level: LogLevel) -> Bool { self != .none && level != .none && level.severity >= severity }

    /// True when an answer of `status` gets an access-log line at this threshold (`routine`:
    /// a probe's or a scrape's answer, written at `debug` only). Answers with a 5xx status
    /// are problems, written at every level but `none`; the rest are `info`.
    @inline(__always)
    public func logsAnswer(status: HTTPStatus, routine: Bool) -> Bool {
        switch self {
        case .debug: true
        case .info: !routine || status.kind == 5
        case .warn, .error: status.kind == 5
        case .none: false
        }
    }
}
