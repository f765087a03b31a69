import Concurrency
import Foundation
import UnitSupport
#if canImport(Glibc)
import Glibc
#endif

/// The built `spinnerd serve` running on a free loopback port, for tests that go
/// through real sockets. Stopped with SIGTERM when the value goes away.
public final class ServerProcess: Sendable {
    public let process = Process()
    public let port: Int
    /// The admin listener's port (`--admin-port`), nil without one.
    public let adminPort: Int?
    private let output = Pipe()
    private let lines = Lines()
    /// The ready record `spinnerd serve --ready-file` writes once it listens.
    private let readyFile: URL

    /// Starts `spinnerd serve --host 127.0.0.1 --port 0` plus `arguments`, and waits until
    /// it listens; with `descriptorLimit`, under that RLIMIT_NOFILE (soft and hard, by prlimit).
    /// The defaults are not rendered ahead (`--prerender=false`: the debug build would
    /// spend the first seconds of every test on them) unless `arguments` say `--prerender`,
    /// and every URL gets one final encode (`--provisional=false`) unless they say `--provisional`.
    /// The render deadline and the wait limit are the test profile's (`TestProfile`, an hour)
    /// unless `arguments` set `--render-timeout` or `--queue-timeout`: a test that is not about them must never
    /// reach them because the machine is busy (a debug build's dots APNG takes seconds,
    /// several times that beside a load on both cores).
    public init(_ arguments: [String] = [], environment: [String: String] = [:], descriptorLimit: Int? = nil) throws {
        let prerender = arguments.contains { $0.hasPrefix("--prerender") } ? [] : ["--prerender=false"]
        // One final encode per URL unless asked: most tests compare answers with each other
        // or with `spinnerd render`, which a final encode landing between two requests
        // would change (ProvisionalAnswerTests asks for `--provisional`).
        let provisional = arguments.contains { $0.hasPrefix("--provisional") } ? [] : ["--provisional=false"]
        let renderDeadline = arguments.contains { $0.hasPrefix("--render-timeout") } || environment["SPINNERD_RENDER_TIMEOUT"] != nil
            ? [] : ["--render-timeout", String(TestProfile.renderTimeoutSeconds)]
        let waitLimit = arguments.contains { $0.hasPrefix("--queue-timeout") } || environment["SPINNERD_QUEUE_TIMEOUT"] != nil
            ? [] : ["--queue-timeout", String(TestProfile.queueTimeoutSeconds)]
        // Where it says it listens: its ready record (the one signal every harness reads).
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("spinnerd-ready-\(UUID().uuidString).json")
        readyFile = ready
        let serve = ["serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "info", "--ready-file", ready.path] + prerender
            + provisional + renderDeadline + waitLimit + arguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(descriptorLimit):\(descriptorLimit)", Repository.spinnerd] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: Repository.spinnerd)
            process.arguments = serve
        }
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "PORT")
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardOutput = output
        process.standardError = output
        let lines = self.lines
        output.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try process.run()
        // A bound on a hang: starting takes milliseconds, seconds beside a load.
        var listening: Int? = nil, admin: Int? = nil
        _ = waitUntil(seconds: 120, every: 0.02) { [process] in
            if let data = try? Data(contentsOf: ready),
               let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                listening = record["port"] as? Int
                admin = record["admin_port"] as? Int
            }
            return listening != nil || !process.isRunning
        }
        guard let listening else {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            throw ServerFailure(message: "server did not start: " + lines.all.joined(separator: "\n"))
        }
        port = listening
        adminPort = admin
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(at: readyFile)
    }

    /// Everything the server printed so far (access log, notices).
    public var log: [String] { lines.all }

    /// Whether a line the server printed satisfies `predicate`, waiting up to `timeout`
    /// seconds for it: the output comes through a pipe read on another thread, so the line
    /// about an answer can arrive after the answer itself.
    public func logged(timeout: TimeInterval = 30, _ predicate: (String) -> Bool) -> Bool {
        waitUntil(seconds: timeout, every: 0.01) { lines.all.contains(where: predicate) }
    }

    /// Sends SIGTERM and waits for the exit status (at most `timeout` seconds).
    @discardableResult
    public func terminate(timeout: TimeInterval = 30) -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        return waitUntil(seconds: timeout, every: 0.02) { !process.isRunning } ? process.terminationStatus : nil
    }

    /// A URL on this server.
    public func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(port)\(pathAndQuery)" }

    public struct ServerFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

/// Output collected from another thread, read as lines.
private final class Lines: Sendable {
    private let buffer = Locked("")

    func append(_ data: Data) {
        buffer.update { $0 += String(decoding: data, as: UTF8.self) }
    }

    var all: [String] {
        buffer.value.split(separator: "\n").map(String.init)
    }
}

extension ServerProcess {
    /// `method target` (`headers` as field lines each ending in CRLF) on a connection of
    /// its own, waiting up to `timeout` seconds: the response.
    public func get(_ target: String, headers: String = "", method: String = "GET", timeout: Int = 60) throws -> RawHTTPClient.Response {
        try RawHTTPClient(port: port, timeout: timeout).get(target, headers: headers, method: method)
    }

    /// The samples of `name` in `/metrics` (one per label set), read on a connection of
    /// its own.
    public func metricSamples(_ name: String) throws -> [Double] {
        try RawHTTPClient(port: adminPort ?? port, timeout: 60).get("/metrics").text.split(separator: "\n")
            .filter { $0.hasPrefix(name + " ") || $0.hasPrefix(name + "{") }
            .compactMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// GETs every target at once, each on its own connection: the responses in the order
    /// of `targets`, nil where the request failed.
    public func getConcurrently(_ targets: [String], timeout: Int = 120) -> [RawHTTPClient.Response?] {
        let responses = Locked<[RawHTTPClient.Response?]>(Array(repeating: nil, count: targets.count))
        let group = DispatchGroup()
        // The threads hold the port, not the server: a thread still ending after `leave`
        // held the last reference when the test returned, the test's process exited before
        // it let go, and the server, never sent its SIGKILL, outlived the run (three such
        // orphans of testAFullRenderQueueAnswers503 were found after a day's runs).
        let port = self.port
        for (index, target) in targets.enumerated() {
            group.enter()
            // A thread each, not Dispatch's pool: the pool runs as many blocking requests at
            // once as there are cores, and adds a thread only after one has blocked for a
            // while, so on two cores the third request waited for the first answer (six
            // renders meant to fill a queue of one came in twos, and all got 200).
            DetachedThread.start(name: "concurrent-get") {
                defer { group.leave() }
                guard let response = try? RawHTTPClient(port: port, timeout: timeout).get(target) else { return }
                responses.update { $0[index] = response }
            }
        }
        group.wait()
        return responses.value
    }
}
