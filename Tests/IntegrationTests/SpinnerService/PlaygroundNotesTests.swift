import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The playground tells the truth and shows it whole (issue 40): no label, placeholder or
/// size cut at 1280 or 390 px for any kind; a slider whose value is unset rests at its
/// origin; a download is named with its settings; a refusal's reason is said once however
/// many formats it refuses; a GIF asked above 50 fps is said to be drawn at 50; theme=auto is explained as the viewer's scheme where that is
/// not the stage's; a large SVG is scaled into the stage. Screenshots are kept under
/// `.build/playground-screenshots`.
final class PlaygroundNotesTests: XCTestCase {
    func testThePlaygroundsNotesAreWholeAndTrue() throws {
        // One final encode per URL, none behind it (no zopfli of the defaults' APNGs
        // competing with the suites beside this one).
        let server = try ServerProcess(["--prerender=false", "--provisional=false"])
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/playground-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        // The result's members: playground_notes.py.
        let report = try Browser.script.result(["type": "playgroundNotes", "url": server.url("/"), "kinds": SpinnerKind.allCases.map(\.rawValue),
                                                "out": shots.path], in: directory)

        XCTAssertEqual(try report.cut.asStrings, [], "text cut or broken")
        let sliders = try report.slider.asElements
        XCTAssertEqual(try sliders.map { try $0.name.asString }, ["trackshadow", "shadow"])
        for slider in sliders {
            let name = try slider.name.asString
            XCTAssertEqual(try slider.value.asString, try slider.minimum.asString, "\(name) unset rests at its origin")
        }
        XCTAssertEqual(try report.download.asOptionalString, "circular-stroke15-accent.gif")

        // One reason, said once; the other formats it refuses point to it.
        let cells = try report.refused.cells.asStrings, advice = try report.refused.advice.asString
        let reasons = cells.filter { $0.contains("refused: ") }
        XCTAssertEqual(reasons.count, 1, "\(cells)")
        XCTAssertTrue(reasons.first?.contains("notacolour") ?? false, "\(cells)")
        XCTAssertGreaterThanOrEqual(cells.filter { $0.contains("refused (as ") }.count, 4, "\(cells)")
        XCTAssertFalse(advice.contains("smallest first"), "advice recommends a refused format: \(advice)")

        let fps = try report.fps.asString
        XCTAssertTrue(fps.contains("A GIF plays at most 50 fps") && fps.contains("fps=60 is drawn at 50"), fps)
        // The advice follows the sizes (issue 64): once the grid has left the last settings'
        // sizes, the advice never shows that settings' text; between, it says it compares.
        let stale = report.stale
        let (before, gridBefore, after) = (try stale.before.asString, try stale.gridBefore.asString, try stale.after.asString)
        let seen = try stale.seen.asElements.map { (advice: try $0.advice.asString, grid: try $0.grid.asString) }
        XCTAssertTrue(after.contains("Animated pictures for these settings") && after != before, "\(before) → \(after)")
        XCTAssertEqual(seen.filter { $0.advice == before && $0.grid != gridBefore }.map(\.grid), [],
                       "the advice kept the last settings' sizes beside new ones: \(before)")
        // (A round that ends between two animation frames shows its placeholder to no sample.)
        XCTAssertEqual(Set(seen.map(\.advice)).subtracting([before, after, "Comparing the formats for these settings…"]), [],
                       "the advice showed something else meanwhile")

        let auto = try XCTUnwrap(try report.auto.asOptionalString, "no note for theme=auto")
        XCTAssertTrue(auto.contains("follows the viewer's OS colour scheme, not the page"), auto)
        XCTAssertTrue(auto.contains("choose theme=dark"), "a light-scheme viewer on the Dark stage is warned: \(auto)")

        // The large SVG's box and the viewport's height, CSS px.
        let height = try report.large.height.asDouble, viewport = try report.large.viewport.asDouble
        XCTAssertLessThanOrEqual(height, viewport * 0.71, "a 1024 px SVG fills the stage past the fold: \(height) of \(viewport)")
        XCTAssertGreaterThan(height, 100, "\(height) of \(viewport)")
    }
}
