import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The built `spinnerd` executable, run as a user would.
final class CommandLineTests: XCTestCase {
    func spinnerd(_ arguments: String...) throws -> ExternalTool.Result {
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
        // Each thing once (issue 64): the refusal's sentence, not its title before it.
        let slip = try spinnerd("render", "circuler", "-o", "/dev/null")
        XCTAssertEqual(slip.status, 2)
        XCTAssertTrue(slip.errorText.hasPrefix("spinnerd: There is no spinner kind 'circuler'; did you mean 'circular'?"), slip.errorText)
        XCTAssertFalse(slip.errorText.contains("Unknown spinner kind"), slip.errorText)
        XCTAssertTrue(result.errorText.hasPrefix("spinnerd: Parameter 'stroke' "), result.errorText)
        // No -o is not a mistake: the file is named after the kind (see below).
        XCTAssertEqual(try spinnerd("render", "circular", "-o", "-").status, 0)
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
