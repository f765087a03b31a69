import Foundation
import TestSupport
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
        XCTAssertEqual(try spinnerd("render", "circular").status, 2, "missing -o")
    }

    func testHelpPrintsTheUsageWhereverItIsAsked() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["serve", "--help"], ["render", "-h"]] {
            let result = try ExternalTool.run(Repository.spinnerd, arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.errorText)")
            XCTAssertTrue(result.outputText.contains("usage: spinnerd [serve]"), "\(arguments)")
        }
    }

    func testServeDerivesItsConnectionLimitsFromTheDescriptorLimit() throws {
        let server = try ServerProcess(descriptorLimit: 256)
        let line = try XCTUnwrap(server.log.first { $0.contains("listening on") })
        XCTAssertTrue(line.contains("175 connections, 21 per client, 256 descriptors"), line)
        XCTAssertEqual(server.terminate(), 0)
        let explicit = try ServerProcess(["--max-connections", "1000", "--max-connections-per-client", "0"], descriptorLimit: 256)
        XCTAssertTrue(explicit.log.contains { $0.contains("--max-connections 1000 is more than 256 descriptors allow (175)") },
                      explicit.log.joined(separator: "\n"))
        XCTAssertTrue(explicit.log.contains { $0.contains("1000 connections, 0 per client") })
    }

    func testEveryServeFlagIsInTheREADME() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let usage = try spinnerd("--help").outputText
        let serveSection = usage.components(separatedBy: "spinnerd healthcheck").first ?? ""
        let flags = Set(serveSection.matches(of: /--[a-z-]+/).map { String($0.output) })
        XCTAssertGreaterThan(flags.count, 10)
        for flag in flags where flag != "--help" {
            XCTAssertTrue(readme.contains("`\(flag)`"), "README lacks \(flag)")
        }
    }

    func testKindsListsEveryKindWithParametersAndDefaults() throws {
        let result = try spinnerd("kinds")
        XCTAssertEqual(result.status, 0)
        for kind in ["circular", "activity", "dots", "arc", "capsules"] {
            XCTAssertTrue(result.outputText.contains("\(kind) — "), kind)
        }
        XCTAssertTrue(result.outputText.contains("style=bubbledForeground|hierarchy|accent|nineties (default hierarchy)"))
        XCTAssertTrue(result.outputText.contains("duration=0.2…15 s (default 1.75 s)"))
    }

    func testFramesWritesApngasmInput() throws {
        let directory = try TemporaryDirectory()
        let result = try spinnerd("frames", "activity", "-o", directory.url.path)
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(try String(contentsOfFile: directory.path("frame000.txt"), encoding: .utf8), "delay=1/12\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path("frame011.png")))
    }
}
