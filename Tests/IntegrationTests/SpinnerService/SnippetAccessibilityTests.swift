import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// Every web snippet the playground writes passes axe-core (issue 64): the <img> and
/// <picture> of every image format of every kind, the inline SVGs and the Lottie players'
/// markup, on one page in a real Chromium, made by the gallery's own modules against the
/// real server. The <img> the playground wrote before (the status role on the <img>) is
/// the control axe-core must refuse.
final class SnippetAccessibilityTests: XCTestCase {
    func testEveryWebSnippetOfEveryKindAndFormatPassesAxeCore() throws {
        let server = try ServerProcess(["--prerender=false"])
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/snippet-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let kinds = SpinnerKind.allCases.map(\.rawValue)
        // The result's members: snippets_axe.py.
        let report = try Browser.script.result(["type": "snippetsAxe", "url": server.url("/"), "kinds": kinds, "out": shots.path],
                                               in: directory)
        let snippets = try report.snippets.asElements
        let named = try snippets.map { "\(try $0.kind.asString) \(try $0.format.asString) \(try $0.name.asString)" }
        print("snippets under axe-core: \(snippets.count) on \(try report.page.asString) (\(try report.screenshot.asString))")
        // Per kind: the <img> and <picture> of svg, png, gif, apng and webp, lottie-web's and
        // the dotLottie players' markup, and an inline SVG where the playground offers one.
        for kind in kinds {
            for format in ["svg", "png", "gif", "apng", "webp"] {
                XCTAssertTrue(named.contains("\(kind) \(format) html") && named.contains("\(kind) \(format) picture"), "\(kind) \(format)")
            }
            XCTAssertTrue(named.contains("\(kind) lottie web") && named.contains("\(kind) lottie dotlottie"), kind)
        }
        XCTAssertEqual(named.filter { $0.hasSuffix(" inline") }.count, 3, "activity, capsules and circular offer an inline SVG: \(named)")
        XCTAssertEqual(try report.violations.asStrings, [], "axe-core's violations on the snippets")
        // It checked what the issue found broken: the roles the snippets give their elements.
        let passes = try report.passes.asStrings
        for rule in ["aria-allowed-role", "image-alt", "aria-allowed-attr"] {
            XCTAssertTrue(passes.contains(rule), "axe-core found nothing to check for \(rule): \(passes)")
        }
        XCTAssertTrue(try report.control.asStrings.contains("aria-allowed-role"),
                      "axe-core did not refuse the old <img role=status> snippet: \(report.control)")
        for snippet in snippets where try snippet.name.asString == "html" || snippet.name.asString == "picture" {
            let markup = try snippet.markup.asString
            XCTAssertTrue(markup.hasPrefix("<span role=\"status\">") && markup.contains("alt=\"Loading\">"), markup)
        }
    }
}
