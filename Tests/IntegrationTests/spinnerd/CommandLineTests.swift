import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The built `spinnerd` executable, run as a user would.
final class CommandLineTests: XCTestCase {
    private func spinnerd(_ arguments: String...) throws -> ExternalTool.Result {
        try ExternalTool.run(Repository.spinnerd, arguments)
    }

    func testTheREADMEExampleWritesATwoSecondGIF() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("x.gif")
        let result = try spinnerd("render", "circular", "stroke=15", "duration=1", "style=accent", "format=gif", "-o", path)
        XCTAssertEqual(result.status, 0, result.errorText)
        let decoded = try Decoders.inspect(path)
        XCTAssertEqual(decoded.format, "GIF")
        XCTAssertEqual(decoded.durations.reduce(0, +), 2000)
    }

    func testFormatComesFromTheFileExtension() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("spinner.apng")
        XCTAssertEqual(try spinnerd("render", "activity", "-o", path).status, 0)
        XCTAssertEqual(try Decoders.apngControl(path).numFrames, 12)
        let still = directory.path("still.png")
        XCTAssertEqual(try spinnerd("render", "dots", "t=0.5", "-o", still).status, 0)
        XCTAssertEqual(try Decoders.inspect(still).frames, 1)
    }

    func testDashWritesToStandardOutput() throws {
        let result = try spinnerd("render", "arc", "format=png", "-o", "-")
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(Array(result.output.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testABadParameterPrintsTheTypedErrorAndExitsTwo() throws {
        let result = try spinnerd("render", "circular", "stroke=99", "format=gif", "-o", "/dev/null")
        XCTAssertEqual(result.status, 2)
        for expected in ["stroke", "99", "1 to 30"] {
            XCTAssertTrue(result.errorText.contains(expected), result.errorText)
        }
        let unknown = try spinnerd("render", "hexagon", "-o", "/dev/null")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errorText.contains("circular, activity, dots, arc, capsules"), unknown.errorText)
        // No -o is not a mistake: the file is named after the kind (see below).
        XCTAssertEqual(try spinnerd("render", "circular", "-o", "-").status, 0)
    }

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
    }

    /// `spinnerd kinds` with a slip says what was meant, as the HTTP refusal does.
    func testAnUnknownKindGetsADidYouMean() throws {
        let slip = try ExternalTool.run(Repository.spinnerd, ["kinds", "circularr"])
        XCTAssertEqual(slip.status, 2)
        XCTAssertTrue(slip.errorText.contains("there is no kind 'circularr'; did you mean 'circular'?"), slip.errorText)
        let far = try ExternalTool.run(Repository.spinnerd, ["kinds", "zzzzzzzz"])
        XCTAssertEqual(far.status, 2)
        XCTAssertFalse(far.errorText.contains("did you mean"), far.errorText)
        XCTAssertTrue(far.errorText.contains("kinds are circular, activity, dots, arc, capsules"), far.errorText)
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

    func testFramesWritesApngasmInput() throws {
        let directory = try TemporaryDirectory()
        let result = try spinnerd("frames", "activity", "-o", directory.url.path)
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(try String(contentsOfFile: directory.path("frame000.txt"), encoding: .utf8), "delay=1/12\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path("frame011.png")))
        // The README's `-o frames/`: a folder that does not exist yet is made, parents too.
        let nested = try ExternalTool.run(Repository.spinnerd, ["frames", "activity", "-o", "frames/a/b/"], directory: directory.url.path)
        XCTAssertEqual(nested.status, 0, nested.errorText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path("frames/a/b/frame011.png")))
        // A file in the way is reported (exit 1), not overwritten.
        try Data("x".utf8).write(to: directory.url.appendingPathComponent("taken"))
        let blocked = try ExternalTool.run(Repository.spinnerd, ["frames", "activity", "-o", "taken/"], directory: directory.url.path)
        XCTAssertEqual(blocked.status, 1)
        XCTAssertTrue(blocked.errorText.contains("taken is not a directory"), blocked.errorText)
        XCTAssertEqual(try String(contentsOfFile: directory.path("taken"), encoding: .utf8), "x")
    }

    /// `.png` is APNG's own file convention: `-o x.png` with `format=apng` (or
    /// `circular.apng`) writes an APNG; and `render arc format=gif` with no -o names its
    /// file as `render arc.gif` does.
    func testAnAPNGMayBeNamedPNGAndFormatNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        for arguments in [["render", "dots", "format=apng", "size=24"], ["render", "dots.apng", "size=24"]] {
            let result = try ExternalTool.run(Repository.spinnerd, arguments + ["-o", "spinner.png"], directory: directory.url.path)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.errorText)")
            let bytes = try Data(contentsOf: directory.url.appendingPathComponent("spinner.png"))
            XCTAssertTrue(bytes.range(of: Data("acTL".utf8)) != nil, "\(arguments): not an APNG")
        }
        let named = try ExternalTool.run(Repository.spinnerd, ["render", "arc", "format=gif", "size=24"], directory: directory.url.path)
        XCTAssertEqual(named.status, 0, named.errorText)
        XCTAssertEqual(try Decoders.inspect(directory.path("arc.gif")).format, "GIF")
        // A still PNG asked as GIF under .png is still refused, naming both.
        let refused = try ExternalTool.run(Repository.spinnerd, ["render", "arc", "format=gif", "-o", "x.png"], directory: directory.url.path)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errorText.contains("is PNG"), refused.errorText)
    }

    /// An extension spinnerd does not write, or one that contradicts `format=` or the
    /// kind's own, is refused (exit 2, naming both) and no file is written.
    func testFileNamesThatDisagreeWithTheFormatAreRefused() throws {
        let directory = try TemporaryDirectory()
        let cases: [(arguments: [String], file: String, says: [String])] = [
            (["render", "circular"], "x.jpg", ["unknown extension '.jpg'", ".svg", ".json"]),
            (["render", "circular", "format=gif"], "x.svg", ["-o", "x.svg is SVG", "format=gif is GIF"]),
            (["render", "circular.gif"], "x.png", ["'circular.gif' is GIF", "x.png is PNG"]),
            (["render", "circular.gif", "format=webp"], "x.gif", ["'circular.gif' is GIF", "format=webp is WebP"]),
            (["render", "circular.jpeg"], "x.svg", ["unknown extension '.jpeg' in 'circular.jpeg'"]),
        ]
        for (arguments, file, says) in cases {
            let path = directory.path(file)
            let result = try ExternalTool.run(Repository.spinnerd, arguments + ["-o", path])
            XCTAssertEqual(result.status, 2, "\(arguments) -o \(file)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(arguments) wrote \(file)")
            for text in says { XCTAssertTrue(result.errorText.contains(text), "\(arguments): \(result.errorText)") }
            XCTAssertTrue(result.errorText.contains("run 'spinnerd --help' for usage"), result.errorText)
            XCTAssertFalse(result.errorText.contains("usage: spinnerd [serve]"), "a usage error prints a hint, not the whole usage")
        }
        // What agrees is written: a matching extension, format= with no extension, `-o -`.
        XCTAssertEqual(try spinnerd("render", "circular", "format=gif", "-o", directory.path("ok.gif")).status, 0)
        XCTAssertEqual(try Decoders.inspect(directory.path("ok.gif")).format, "GIF")
        XCTAssertEqual(try spinnerd("render", "circular", "format=png", "-o", directory.path("noextension")).status, 0)
        XCTAssertEqual(try Decoders.inspect(directory.path("noextension")).format, "PNG")
    }

    /// `render circular.gif`, as a URL's path says it, writes circular.gif.
    func testKindWithAnExtensionNamesTheFormatAndTheFile() throws {
        let directory = try TemporaryDirectory()
        let result = try ExternalTool.run(Repository.spinnerd, ["render", "circular.gif", "stroke=15"], directory: directory.url.path)
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(try Decoders.inspect(directory.path("circular.gif")).format, "GIF")
        let lottie = try spinnerd("render", "capsules.json", "-o", directory.path("c.json"))
        XCTAssertEqual(lottie.status, 0, lottie.errorText)
        XCTAssertTrue(try String(contentsOfFile: directory.path("c.json"), encoding: .utf8).contains("\"nm\":\"spinnerd capsules\""))
        let cost = try spinnerd("cost", "dots.apng", "size=40")
        XCTAssertTrue(cost.outputText.hasPrefix("format=apng "), cost.outputText)
        let signed = try spinnerd("sign", "arc.webp", "size=30", "--signing-key", "a test key of enough bytes")
        XCTAssertTrue(signed.outputText.hasPrefix("/spinner/arc.webp?size=30&sig="), signed.outputText)
    }

    /// What is wrong with the kind or a parameter is said before anything about the file:
    /// no `-o` is needed to learn it, and without one the file is named after the kind and
    /// format (SVG when none is asked, as a URL without an extension).
    func testTheRequestsProblemComesBeforeTheFileAndAKindAloneWritesSVG() throws {
        let directory = try TemporaryDirectory()
        func run(_ arguments: String...) throws -> ExternalTool.Result {
            try ExternalTool.run(Repository.spinnerd, arguments, directory: directory.url.path)
        }
        let refusals: [(arguments: [String], says: [String])] = [
            (["render", "circular", "colour=red"], ["'colour'", "did you mean 'color'?"]),
            (["render", "circuler"], ["no spinner kind 'circuler'", "did you mean 'circular'?"]),
            (["render", "circular", "size=2000"], ["'size'", "2000", "8 to 1024"]),
            (["render", "circular", "format=json"], ["'json'", "did you mean 'lottie'?"]),
            (["render", "circular.png?size=2000"], ["'size'", "2000"]),
            (["frames", "circuler"], ["no spinner kind 'circuler'"]),
            (["frames", "activity", "colour=red"], ["did you mean 'color'?"]),
        ]
        for (arguments, says) in refusals {
            let result = try ExternalTool.run(Repository.spinnerd, arguments, directory: directory.url.path)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertFalse(result.errorText.contains("missing -o"), "\(arguments): \(result.errorText)")
            for text in says { XCTAssertTrue(result.errorText.contains(text), "\(arguments): \(result.errorText)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), [], "nothing written")
        // Frames need a directory, said once the request is valid.
        let frames = try run("frames", "activity")
        XCTAssertEqual(frames.status, 2)
        XCTAssertTrue(frames.errorText.contains("missing -o DIR"), frames.errorText)
        // A kind alone is its SVG.
        XCTAssertEqual(try run("render", "dots").status, 0)
        XCTAssertTrue(try String(contentsOfFile: directory.path("dots.svg"), encoding: .utf8).contains("<svg"))
    }

    /// A spinner URL's path as people copy it from a page, query and all, names the kind,
    /// the format, the parameters and the file.
    func testAURLPathNamesTheKindFormatParametersAndFile() throws {
        let directory = try TemporaryDirectory()
        let short = try ExternalTool.run(Repository.spinnerd, ["render", "circular.png?size=40&style=accent"], directory: directory.url.path)
        XCTAssertEqual(short.status, 0, short.errorText)
        let still = try Decoders.inspect(directory.path("circular.png"))
        XCTAssertEqual([still.format, String(still.width), String(still.height)], ["PNG", "40", "40"])
        let copied = try ExternalTool.run(Repository.spinnerd, ["render", "http://localhost:8080/spinner/arc.gif?size=24&color=%23ff0000", "fps=10"],
                                          directory: directory.url.path)
        XCTAssertEqual(copied.status, 0, copied.errorText)
        let gif = try Decoders.inspect(directory.path("arc.gif"))
        XCTAssertEqual([gif.format, String(gif.width)], ["GIF", "24"])
        // The query is read as the service reads it: a repeated parameter is refused alike.
        let repeated = try ExternalTool.run(Repository.spinnerd, ["render", "arc.gif?size=24", "size=30"], directory: directory.url.path)
        XCTAssertEqual(repeated.status, 2)
        XCTAssertTrue(repeated.errorText.contains("more than once"), repeated.errorText)
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

    func testSlipsAreAnsweredAndKindNamesIgnoreCase() throws {
        let directory = try TemporaryDirectory()
        // `colour`, the spelling the docs' prose uses, and a slip in a value.
        let colour = try spinnerd("render", "circular", "colour=red", "-o", directory.path("a.svg"))
        XCTAssertEqual(colour.status, 2)
        XCTAssertTrue(colour.errorText.contains("did you mean 'color'?"), colour.errorText)
        let style = try spinnerd("render", "circular", "style=acent", "-o", directory.path("a.svg"))
        XCTAssertTrue(style.errorText.contains("did you mean 'accent'?"), style.errorText)
        // Each error says what is accepted once, briefly: the colour forms are not repeated.
        let badColour = try spinnerd("render", "circular", "color=notacolour", "-o", directory.path("a.svg"))
        XCTAssertEqual(badColour.status, 2)
        XCTAssertEqual(badColour.errorText.components(separatedBy: "systemBlue").count, 2, badColour.errorText)
        XCTAssertLessThan(badColour.errorText.count, 260, badColour.errorText)
        // Kind names ignore case, as styles and extensions do; the file is named as typed.
        let upper = try spinnerd("render", "Circular.GIF", "-o", directory.path("c.gif"))
        XCTAssertEqual(upper.status, 0, upper.errorText)
        XCTAssertEqual(try Decoders.inspect(directory.path("c.gif")).format, "GIF")
        let signed = try spinnerd("sign", "ARC.webp", "size=30", "--signing-key", "a test key of enough bytes")
        XCTAssertTrue(signed.outputText.hasPrefix("/spinner/arc.webp?size=30&sig="), signed.outputText)
        XCTAssertEqual(try spinnerd("kinds", "Dots").status, 0)
    }

    func testCostNamesTheDeflateAnAPNGGets() throws {
        // A kind's defaults: the strongest deflate's allowance; any other URL: the cold
        // tiers its rows can fall in; a large render: quick effort's deflate; no word for
        // the other formats.
        let cases: [([String], String)] = [
            (["circular.apng"], " deflate=ahead strongest-deflate-bytes="),
            (["circular.apng", "theme=dark"], " deflate=cold deflate-levels=12,10,9\n"),
            (["capsules.apng", "size=40"], " deflate=cold deflate-levels=12\n"),
            (["dots.apng", "size=400"], " deflate=quick\n"),
        ]
        for (arguments, expected) in cases {
            let cost = try ExternalTool.run(Repository.spinnerd, ["cost"] + arguments)
            XCTAssertEqual(cost.status, 0, cost.errorText)
            XCTAssertTrue(cost.outputText.contains(expected), "\(arguments): \(cost.outputText)")
            XCTAssertEqual(cost.outputText.components(separatedBy: "deflate=").count, 2, "one deflate: \(cost.outputText)")
        }
        let dark = try spinnerd("cost", "circular.apng", "theme=dark").outputText
        XCTAssertFalse(dark.contains("strongest-deflate-bytes"), "a cold render never uses the allowance: \(dark)")
        XCTAssertFalse(try spinnerd("cost", "circular.gif").outputText.contains("deflate"))
        XCTAssertTrue(try spinnerd("--help").outputText.contains("deflate=cold deflate-levels=12,10,9"))
    }

    func testABudgetRefusalNamesTheLargestSizeThatPasses() throws {
        let refused = try spinnerd("cost", "circular.apng", "size=1024")
        XCTAssertEqual(refused.status, 2)
        let size = try XCTUnwrap(refused.errorText.firstMatch(of: #/size=([0-9]+) would be admitted/#).flatMap { Int($0.output.1) },
                                 refused.errorText)
        XCTAssertEqual(try spinnerd("cost", "circular.apng", "size=\(size)").status, 0)
        XCTAssertEqual(try spinnerd("cost", "circular.apng", "size=\(size + 1)").status, 2)
    }

    func testTimingsHaveUnitsAndPhasesThatAddUpToTheCPUTime() throws {
        let directory = try TemporaryDirectory()
        for kind in ["dots.webp", "circular.apng", "capsules.gif", "arc.png"] {
            let result = try spinnerd("render", kind, "-o", directory.path(kind), "--timings")
            XCTAssertEqual(result.status, 0, result.errorText)
            let line = result.errorText
            let match = try XCTUnwrap(line.firstMatch(of: #/^timings: wall ([0-9.]+) ms, cpu ([0-9.]+) ms = (.+) ms\n?$/#), line)
            let cpu = try XCTUnwrap(Double(match.output.2))
            let parts = match.output.3.split(separator: " + ").map { $0.split(separator: " ") }
            XCTAssertEqual(parts.map { String($0[0]) }, ["draw", "reduce", "plan", "filter", "compress", "mux", "other"], line)
            let sum = parts.compactMap { Double($0[1]) }.reduce(0, +)
            // Each printed to 0.01 ms: seven roundings.
            XCTAssertEqual(sum, cpu, accuracy: 0.05, "phases add up to the CPU time: \(line)")
            XCTAssertGreaterThan(cpu, 0, line)
            XCTAssertGreaterThan(Double(parts[0][1]) ?? 0, 0, "drawing is measured: \(line)")
        }
    }
}
