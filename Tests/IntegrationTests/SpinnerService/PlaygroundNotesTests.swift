import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground tells the truth and shows it whole (issue 40): no label, placeholder or
/// size cut at 1280 or 390 px for any kind; a slider whose value is unset rests at its
/// origin; a download is named with its settings; a refusal's reason is said once however
/// many formats it refuses; a GIF asked above 50 fps is said to be drawn at 50; theme=auto is explained as the viewer's scheme where that is
/// not the stage's; a large SVG is scaled into the stage. Screenshots are kept under
/// `.build/playground-screenshots`.
final class PlaygroundNotesTests: XCTestCase {
    private struct Slider: Decodable { let name: String, value: String, minimum: String }
    private struct Refused: Decodable { let cells: [String], advice: String }
    private struct Box: Decodable { let width: Double, height: Double, bottom: Double, viewport: Double }
    private struct Report: Decodable {
        let cut: [String], slider: [Slider], download: String?, refused: Refused, fps: String, auto: String?, large: Box
    }

    func testThePlaygroundsNotesAreWholeAndTrue() throws {
        // One final encode per URL, none behind it (no zopfli of the defaults' APNGs
        // competing with the suites beside this one).
        let server = try ServerProcess(["--prerender=false", "--provisional=false"])
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/playground-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let output = try Browser.run([["type": "playgroundNotes", "url": server.url("/"), "out": shots.path]], in: directory)
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: output).first)

        XCTAssertEqual(report.cut, [], "text cut or broken")
        XCTAssertEqual(report.slider.map(\.name), ["trackshadow", "shadow"])
        for slider in report.slider { XCTAssertEqual(slider.value, slider.minimum, "\(slider.name) unset rests at its origin") }
        XCTAssertEqual(report.download, "circular-stroke15-accent.gif")

        // One reason, said once; the other formats it refuses point to it.
        let reasons = report.refused.cells.filter { $0.contains("refused: ") }
        XCTAssertEqual(reasons.count, 1, "\(report.refused.cells)")
        XCTAssertTrue(reasons.first?.contains("notacolour") ?? false, "\(report.refused.cells)")
        XCTAssertGreaterThanOrEqual(report.refused.cells.filter { $0.contains("refused (as ") }.count, 4, "\(report.refused.cells)")
        XCTAssertFalse(report.refused.advice.contains("smallest first"), "advice recommends a refused format: \(report.refused.advice)")

        XCTAssertTrue(report.fps.contains("A GIF plays at most 50 fps") && report.fps.contains("fps=60 is drawn at 50"), report.fps)

        let auto = try XCTUnwrap(report.auto, "no note for theme=auto")
        XCTAssertTrue(auto.contains("follows the viewer's OS colour scheme, not the page"), auto)
        XCTAssertTrue(auto.contains("choose theme=dark"), "a light-scheme viewer on the Dark stage is warned: \(auto)")

        XCTAssertLessThanOrEqual(report.large.height, report.large.viewport * 0.71, "a 1024 px SVG fills the stage past the fold: \(report.large)")
        XCTAssertGreaterThan(report.large.height, 100, "\(report.large)")
    }
}
