#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HTTPServer
import SpinnerService
import TextEncoding

extension ServeCommand {
    /// The ready record (`--ready-file`): one JSON object, `{"version":…,"pid":…,"host":…,
    /// "port":…,"admin_port":…|null}`, written whole (a temporary file beside it, renamed
    /// over it) once every listener is up, so that a reader never sees half of it. The one
    /// way tests, scripts and tools find a server started with `--port 0`; the start-up line
    /// says the same for people. False (and why, in the log) when it cannot be written.
    static func writeReady(to path: String, host: String, port: Int, adminPort: Int?, events: EventLog) -> Bool {
        let record = "{\"version\":\(JSONString.quoted(ServiceVersion.text)),\"pid\":\(getpid()),\"host\":\(JSONString.quoted(host)),"
            + "\"port\":\(port),\"admin_port\":\(adminPort.map(String.init) ?? "null")}\n"
        do {
            try Data(record.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            events.write(.error, "serve: cannot write the ready file \(path) (--ready-file): \(error)", always: true)
            return false
        }
    }
}
