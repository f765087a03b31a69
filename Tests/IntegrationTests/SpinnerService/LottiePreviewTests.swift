import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground plays a Lottie document itself (issue 50): lottie-web, vendored and served
/// by the service, under the gallery's Content-Security-Policy, in a real Chromium.
final class LottiePreviewTests: XCTestCase {
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
        // The result's members: lottie_preview.py (first, coloured and gif: the stage's state).
        let report = try Browser.script.result(["type": "lottiePreview", "url": server.url("/"), "out": shots.path], in: directory)
        let screenshots = try report.screenshots.asStrings
        XCTAssertEqual(try report.errors.asStrings, [], "the page raised errors (a policy refusal among them?)")
        let first = report.first
        let url = try first.url.asString, note = try first.note.asString
        XCTAssertTrue(url.hasSuffix("/spinner/activity.json?size=96"), url)
        XCTAssertEqual(try first.playing.asOptionalString, "/spinner/activity.json?size=96")
        XCTAssertFalse(try first.stageHidden.asBool)
        XCTAssertTrue(try first.svg.asBool, "no lottie-web SVG in the stage")
        XCTAssertTrue(try first.previewHidden.asBool, "the SVG preview shows beside the player")
        XCTAssertEqual(try first.width.asDouble, 96, accuracy: 0.5)
        XCTAssertFalse(try first.noteHidden.asBool)
        XCTAssertTrue(note.hasPrefix("Played by lottie-web 5.12.2") && note.contains("96×96"), note)
        XCTAssertTrue(try report.moved.asBool, "the played document does not move: \(screenshots)")
        XCTAssertEqual(try report.coloured.playing.asOptionalString, "/spinner/activity.json?color=ff3b30&size=96")
        XCTAssertGreaterThan(try report.redPixels.asInt, 100, "the new document is not drawn red: \(screenshots)")
        XCTAssertTrue(try report.gif.stageHidden.asBool)
        XCTAssertNil(try report.gif.playing.asOptionalString)
        XCTAssertFalse(try report.gif.previewHidden.asBool)
        XCTAssertTrue(try report.gif.noteHidden.asBool)
    }
}
