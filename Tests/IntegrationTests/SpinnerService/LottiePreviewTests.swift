import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground plays a Lottie document itself (issue 50): lottie-web, vendored and served
/// by the service, under the gallery's Content-Security-Policy, in a real Chromium.
final class LottiePreviewTests: XCTestCase {
    private struct Shown: Decodable {
        let url: String
        let playing: String?
        let stageHidden: Bool
        let svg: Bool
        let previewHidden: Bool
        let note: String
        let noteHidden: Bool
        let width: Double
    }

    private struct Report: Decodable {
        let first: Shown
        let moved: Bool
        let coloured: Shown
        let redPixels: Int
        let gif: Shown
        let errors: [String]
        let screenshots: [String]
    }

    /// The player the service serves is the pinned build the tests play documents with,
    /// byte for byte (the script spinnerd_tools.lottie_web extracts from the wheel whose
    /// SHA-256 it checks), and gzipped to a client that takes gzip.
    func testThePlayerServedIsThePinnedBuild() throws {
        let server = try ServerProcess()
        let located = try ExternalTool.run("python3", ["-c", "from spinnerd_tools import lottie_web; print(lottie_web.script_path())"])
        XCTAssertEqual(located.status, 0, located.errorText)
        let pinned = try XCTUnwrap(FileManager.default.contents(atPath: located.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let served = try server.get("/gallery/lottie-web.js")
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(served.header("Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertEqual(served.body, Array(pinned), "the vendored player is not the pinned build")
        let zipped = try server.get("/gallery/lottie-web.js", headers: "Accept-Encoding: gzip\r\n")
        XCTAssertEqual(zipped.header("Content-Encoding"), "gzip")
        XCTAssertLessThan(zipped.body.count, served.body.count / 3, "gzipped: \(zipped.body.count) of \(served.body.count) bytes")
    }

    /// In Lottie mode the stage plays the document (lottie-web's SVG, the SVG preview
    /// hidden), and it moves; a colour chosen plays the new document in that colour; GIF
    /// stops the player and shows its preview. Nothing is refused by the page's policy.
    func testLottieModePlaysTheDocumentItself() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess()
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let jobs: [[String: Any]] = [["type": "lottiePreview", "url": server.url("/"), "out": shots.path]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)
        XCTAssertEqual(report.errors, [], "the page raised errors (a policy refusal among them?)")
        let first = report.first
        XCTAssertTrue(first.url.hasSuffix("/spinner/activity.json?size=96"), first.url)
        XCTAssertEqual(first.playing, "/spinner/activity.json?size=96")
        XCTAssertFalse(first.stageHidden)
        XCTAssertTrue(first.svg, "no lottie-web SVG in the stage")
        XCTAssertTrue(first.previewHidden, "the SVG preview shows beside the player")
        XCTAssertEqual(first.width, 96, accuracy: 0.5)
        XCTAssertFalse(first.noteHidden)
        XCTAssertTrue(first.note.hasPrefix("Played by lottie-web 5.12.2") && first.note.contains("96×96"), first.note)
        XCTAssertTrue(report.moved, "the played document does not move: \(report.screenshots)")
        XCTAssertEqual(report.coloured.playing, "/spinner/activity.json?color=ff3b30&size=96")
        XCTAssertGreaterThan(report.redPixels, 100, "the new document is not drawn red: \(report.screenshots)")
        XCTAssertTrue(report.gif.stageHidden)
        XCTAssertNil(report.gif.playing)
        XCTAssertFalse(report.gif.previewHidden)
        XCTAssertTrue(report.gif.noteHidden)
    }
}
