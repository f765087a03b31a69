import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The commands besides `render`: help and usage, `serve`'s ready file, flags and limits,
/// `healthcheck`, `kinds`, `version` and `cost`.
extension CommandLineTests {
    /// `--help` anywhere: the commands at a glance, each one line or a few (serve's flags are
    /// not among them), or after a command that command's own help.
    func testHelpPrintsTheUsageWhereverItIsAsked() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["bogus", "--help"]] {
            let result = try ExternalTool.run(Repository.spinnerd, arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.errorText)")
            let text = result.outputText
            XCTAssertTrue(text.hasPrefix("usage: spinnerd COMMAND"), "\(arguments): \(text.prefix(200))")
            for command in ["serve", "render", "kinds", "sign", "cost", "frames", "healthcheck", "openapi"] {
                XCTAssertTrue(text.contains("spinnerd \(command)"), "\(arguments): \(command) is missing")
            }
            XCTAssertFalse(text.contains("--max-connections"), "\(arguments): serve's flags open the usage again")
            XCTAssertLessThan(text.components(separatedBy: "spinnerd render").first?.split(separator: "\n").count ?? 99, 5,
                              "\(arguments): the commands come first")
        }
        let serve = try ExternalTool.run(Repository.spinnerd, ["serve", "--help"])
        XCTAssertEqual(serve.status, 0)
        XCTAssertTrue(serve.outputText.hasPrefix("usage: spinnerd serve [--port") && serve.outputText.contains("--max-connections"),
                      serve.outputText)
        XCTAssertFalse(serve.outputText.contains("spinnerd render"), "serve --help is serve's")
        for arguments in [["render", "-h"], ["render", "circular", "--help"]] {
            let render = try ExternalTool.run(Repository.spinnerd, arguments)
            XCTAssertEqual(render.status, 0, "\(arguments)")
            XCTAssertTrue(render.outputText.hasPrefix("usage: spinnerd render KIND"), "\(arguments): \(render.outputText)")
            XCTAssertTrue(render.outputText.contains("--timings") && render.outputText.contains("format=svg|apng"), render.outputText)
            XCTAssertFalse(render.outputText.contains("--max-connections") || render.outputText.contains("spinnerd sign"),
                           "\(arguments): render --help is render's")
        }
        let kinds = try ExternalTool.run(Repository.spinnerd, ["kinds", "--help"])
        XCTAssertTrue(kinds.outputText.hasPrefix("usage: spinnerd kinds"), kinds.outputText)
        // Each command's help is its own (issue 64): sign's ends with a sign example, not
        // render's, and none says what `spinnerd` alone does; only a command that takes a
        // spinner says how formats and parameters are named.
        let sign = try ExternalTool.run(Repository.spinnerd, ["sign", "--help"])
        XCTAssertEqual(sign.status, 0)
        XCTAssertTrue(sign.outputText.hasPrefix("usage: spinnerd sign KIND"), sign.outputText)
        XCTAssertTrue(sign.outputText.contains("Example: SPINNERD_SIGNING_KEY=") && sign.outputText.contains("spinnerd sign circular.gif"),
                      sign.outputText)
        XCTAssertTrue(sign.outputText.contains("format=svg|apng"), sign.outputText)
        for (name, help) in [("sign", sign.outputText), ("kinds", kinds.outputText), ("healthcheck", try ExternalTool.run(Repository.spinnerd, ["healthcheck", "--help"]).outputText)] {
            XCTAssertFalse(help.contains("spinnerd render circular stroke=15"), "\(name) --help ends with render's example: \(help)")
            XCTAssertFalse(help.contains("with no command"), "\(name) --help: \(help)")
        }
        XCTAssertFalse(kinds.outputText.contains("format=svg|apng"), kinds.outputText)
        // A gradient in a shell is quoted: render's help shows how.
        let render = try ExternalTool.run(Repository.spinnerd, ["render", "--help"])
        XCTAssertTrue(render.outputText.contains("'color=conic-gradient(red,blue)'"), render.outputText)
        XCTAssertTrue(try ExternalTool.run(Repository.spinnerd, ["--help"]).outputText.contains("spinnerd with no command prints this and exits 2."))
    }

    /// `sign` without a key says where the key comes from and how to make one (issue 64).
    func testSignWithoutAKeySaysWhereItComesFrom() throws {
        let result = try ExternalTool.run("env", ["-u", "SPINNERD_SIGNING_KEY", Repository.spinnerd, "sign", "circular.gif"])
        XCTAssertEqual(result.status, 2)
        for expected in ["--signing-key KEY", "SPINNERD_SIGNING_KEY", "at least 16 bytes", "head -c 32 /dev/urandom | base64"] {
            XCTAssertTrue(result.errorText.contains(expected), "\(expected): \(result.errorText)")
        }
    }

    /// `--ready-file`: the one signal every harness reads (ServerProcess, the Python harness,
    /// the scripts). The record is whole JSON naming the process, its version and both ports,
    /// and each port answers; a path that cannot be written stops the server with a reason
    /// (exit 1, nothing left listening), and an empty path is refused as a setting (exit 2).
    func testTheReadyFileNamesTheProcessAndItsPortsOrTheServerStops() throws {
        let server = try ServerProcess(["--admin-port", "0"])
        XCTAssertNotNil(server.adminPort, "the record names the admin port")
        XCTAssertEqual(try server.get("/spinners").status, 200)
        XCTAssertEqual(try RawHTTPClient(port: server.adminPort ?? 0, timeout: 60).get("/metrics").status, 200)
        let directory = try TemporaryDirectory()
        let record = directory.path("ready.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.spinnerd)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--prerender=false", "--ready-file", record]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        // A bound on a hang: starting takes milliseconds.
        _ = waitUntil(seconds: 120, every: 0.02) { FileManager.default.fileExists(atPath: record) || !process.isRunning }
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record))) as? [String: Any])
        XCTAssertEqual(fields["pid"] as? Int, Int(process.processIdentifier))
        XCTAssertEqual(fields["host"] as? String, "127.0.0.1")
        XCTAssertTrue(fields["admin_port"] is NSNull, "no admin listener: null, not absent")
        XCTAssertEqual(fields["version"] as? String, try spinnerd("--version").outputText.split(separator: " ").last.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let port = try XCTUnwrap(fields["port"] as? Int)
        XCTAssertEqual(try RawHTTPClient(port: port, timeout: 60).get("/spinners").status, 200)

        // Where no file can be: a folder that does not exist, and a folder itself.
        for unwritable in [directory.path("missing/folder/ready.json"), directory.path("")] {
            let stopped = try ExternalTool.run(Repository.spinnerd, ["serve", "--host", "127.0.0.1", "--port", "0", "--prerender=false",
                                                                     "--ready-file", unwritable])
            XCTAssertEqual(stopped.status, 1, "\(unwritable): \(stopped.errorText)")
            XCTAssertTrue((stopped.outputText + stopped.errorText).contains("cannot write the ready file"), stopped.errorText)
        }
        let refused = try ExternalTool.run(Repository.spinnerd, ["serve", "--port", "0", "--ready-file", ""])
        XCTAssertEqual(refused.status, 2, refused.errorText)
        XCTAssertTrue(refused.errorText.contains("--ready-file must be a file path"), refused.errorText)
    }

    /// `spinnerd healthcheck` reads its port as `serve` does, by the same setting: a live
    /// server's is 0, a port nobody listens on 1, a port `serve` would refuse 2, as is a flag
    /// it does not take. (`PORT` from the environment: the container's HEALTHCHECK, in
    /// `make docker-smoke`.)
    func testTheHealthcheckReadsItsPortAsServeDoes() throws {
        let server = try ServerProcess()
        XCTAssertEqual(try spinnerd("healthcheck", "--port", String(server.port)).status, 0)
        XCTAssertEqual(try spinnerd("healthcheck", "--port=\(server.port)").status, 0)
        let closed = try spinnerd("healthcheck", "--port", "1")
        XCTAssertEqual(closed.status, 1, closed.errorText)
        XCTAssertTrue(closed.errorText.contains("cannot connect to port 1"), closed.errorText)
        for bad in [["--port", "70000"], ["--port", "http"], ["--host", "127.0.0.1"]] {
            let refused = try ExternalTool.run(Repository.spinnerd, ["healthcheck"] + bad)
            XCTAssertEqual(refused.status, 2, "\(bad): \(refused.errorText)")
        }
    }

    func testServeDerivesItsConnectionLimitsFromTheDescriptorLimit() throws {
        let server = try ServerProcess(descriptorLimit: 256)
        // The line comes through a pipe read on another thread: waited for, not read at once.
        XCTAssertTrue(server.logged { $0.contains("listening on") }, server.log.joined(separator: "\n"))
        let line = try XCTUnwrap(server.log.first { $0.contains("listening on") })
        XCTAssertTrue(line.contains("175 connections, 21 per client, 256 descriptors"), line)
        XCTAssertEqual(server.terminate(), 0)
        let explicit = try ServerProcess(["--max-connections", "1000", "--max-connections-per-client", "0"], descriptorLimit: 256)
        XCTAssertTrue(explicit.logged { $0.contains("--max-connections 1000 is more than 256 descriptors allow (175)") },
                      explicit.log.joined(separator: "\n"))
        XCTAssertTrue(explicit.logged { $0.contains("1000 connections, 0 per client") })
    }

    func testEveryServeFlagIsDocumented() throws {
        let readme = try Repository.documentation()
        let serveSection = try spinnerd("serve", "--help").outputText
        let flags = Set(serveSection.matches(of: /--[a-z-]+/).map { String($0.output) })
        XCTAssertGreaterThan(flags.count, 10)
        for flag in flags where flag != "--help" {
            XCTAssertTrue(readme.contains("`\(flag)`"), "neither the README nor docs/ documents \(flag)")
        }
    }

    func testKindsListsEveryKindWithParametersAndDefaults() throws {
        let result = try spinnerd("kinds")
        XCTAssertEqual(result.status, 0)
        for kind in SpinnerKind.allCases.map(\.rawValue) {
            XCTAssertTrue(result.outputText.contains("\(kind) — "), kind)
        }
        XCTAssertTrue(result.outputText.contains("style=bubbledForeground|hierarchy|accent|nineties (default hierarchy)"))
        XCTAssertTrue(result.outputText.contains("duration=0.2…15 s (default 1.75 s)"))
        // What every kind takes alike is listed once, before the kinds.
        XCTAssertTrue(result.outputText.hasPrefix("every kind — "), result.outputText)
        for shared in ["  scale=", "  loops=", "  title="] {
            XCTAssertEqual(result.outputText.components(separatedBy: shared).count - 1, 1, "\(shared) listed once")
        }
    }

    func testVersionKindsOfOneKindAndCostAreWhatPeopleExpect() throws {
        for arguments in [["--version"], ["version"], ["serve", "--version"]] {
            let result = try ExternalTool.run(Repository.spinnerd, arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.errorText)")
            XCTAssertTrue(result.outputText.range(of: #"^spinnerd [0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression) != nil,
                          "\(arguments): \(result.outputText)")
        }
        let one = try spinnerd("kinds", "circular")
        XCTAssertEqual(one.status, 0)
        XCTAssertTrue(one.outputText.hasPrefix("circular — "), one.outputText)
        XCTAssertFalse(one.outputText.contains("activity — "), "kinds circular shows circular only")
        let unknown = try spinnerd("kinds", "hexagon")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errorText.contains("no kind 'hexagon'") && unknown.errorText.contains("circular, activity"), unknown.errorText)
        let cost = try spinnerd("cost", "circular", "format=apng")
        XCTAssertEqual(cost.status, 0, cost.errorText)
        let seconds = try XCTUnwrap(cost.outputText.firstMatch(of: #/seconds=([0-9.]+) /#)?.output.1)
        XCTAssertLessThanOrEqual(seconds.split(separator: ".").last.map { $0.count } ?? 9, 3, "seconds rounded: \(cost.outputText)")
        XCTAssertNotNil(cost.outputText.firstMatch(of: #/memory-mib=[0-9]+(\.[0-9])? /#), "memory printed: \(cost.outputText)")
        let unknownCommand = try spinnerd("bogus")
        XCTAssertEqual(unknownCommand.status, 2)
        XCTAssertTrue(unknownCommand.errorText.contains("unknown command 'bogus'") && unknownCommand.errorText.contains("--help"))
        XCTAssertFalse(unknownCommand.errorText.contains("usage: spinnerd COMMAND"))
        let slip = try spinnerd("srve")
        XCTAssertTrue(slip.errorText.contains("did you mean 'serve'?"), slip.errorText)
    }

    func testNoCommandPrintsTheUsageAndOpensNoListener() throws {
        // Bare `spinnerd` used to serve on 0.0.0.0:8080; now it prints the usage, exits 2
        // and listens on nothing (a listener would keep it running until `timeout` stops it: 124).
        let bare = try ExternalTool.run("timeout", ["20", Repository.spinnerd])
        XCTAssertEqual(bare.status, 2, bare.errorText)
        XCTAssertTrue(bare.errorText.contains("usage: spinnerd COMMAND"), bare.errorText)
        XCTAssertTrue(bare.outputText.isEmpty, "usage goes to standard error on a usage error")
        // Serve's options without `serve` name the command to type.
        let options = try ExternalTool.run("timeout", ["20", Repository.spinnerd, "--port", "0"])
        XCTAssertEqual(options.status, 2)
        XCTAssertTrue(options.errorText.contains("spinnerd serve --port 0"), options.errorText)
    }
}
