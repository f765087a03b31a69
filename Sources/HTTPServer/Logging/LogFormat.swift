/// How `spinnerd serve` writes its lines (`--log-format`).
public enum LogFormat: String, CaseIterable, Sendable {
    /// Lines for people: an answer as web servers' combined logs write it
    /// (`TIME CLIENT "METHOD TARGET VERSION" STATUS BYTES MSms NOTE "USER-AGENT"`), anything
    /// else as `spinnerd: …`.
    case text
    /// One JSON object a line, every line (answers, start, drain, stop, warnings, errors),
    /// each with `time`, `level` and `msg`: log pipelines parse it as it is.
    case json
}
