import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground's inline SVG snippet (issue 50): no request, its colour currentColor, so it
/// follows the page's text colour and dark mode; spinners inlined side by side keep their
/// own shapes and timing. In a real Chromium against the real server.
final class InlineSVGSnippetTests: XCTestCase {
    private struct Spinner: Decodable {
        let kind: String
        let drawn: Int
        let meanDifference: Double
        let maxDifference: Int
        let offHue: Int
        let animations: [String]
        let screenshot: String
    }

    private struct Scheme: Decodable {
        let spinners: [Spinner]
        let moved: Bool
        let problems: [String]
    }

    private struct Report: Decodable {
        let markups: [String]
        let schemes: [String: Scheme]
        let offered: [String: Bool]
    }

    /// activity, capsules (peak=1), circular (stroke=15) and activity again, inlined on one
    /// page whose text is blue on white, or red on black in the dark OS scheme, each seeked to
    /// 290 ms: each draws, pixel for pixel, what the service's own SVG of its settings draws
    /// in that colour alone on a page (a name shared with its neighbour would draw its shape
    /// or timing: without the prefixes activity differs by 17.7 per channel on average), and
    /// only in the text colour's hue. dots (a rainbow) and arc (a gradient) get no inline snippet.
    func testInlineSpinnersFollowTheTextColourAndKeepTheirOwnNames() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess()
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let cases: [[String: Any]] = [["kind": "activity", "values": ["size": "48"]], ["kind": "capsules", "values": ["peak": "1", "size": "64"]],
                                      ["kind": "circular", "values": ["stroke": "15"]], ["kind": "activity", "values": ["size": "48"]]]
        let jobs: [[String: Any]] = [["type": "inlineSvg", "url": server.url("/"), "cases": cases, "notOffered": ["dots", "arc"],
                                      "time": 290, "out": shots.path]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)
        XCTAssertEqual(report.offered, ["dots": false, "arc": false])
        for markup in report.markups {
            XCTAssertTrue(markup.hasPrefix("<svg class=\"sp"), String(markup.prefix(80)))
            XCTAssertTrue(markup.contains("currentColor"), "no currentColor")
            XCTAssertFalse(markup.contains("010203"), "the sentinel colour is left")
            XCTAssertTrue(markup.contains("role=\"status\" aria-label=\"Loading\""))
            // Nothing it refers to is elsewhere (its namespace name is a name, not a request).
            let references = markup.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            XCTAssertFalse(references.contains("http:") || references.contains("https:") || references.contains("//"),
                           "the markup asks for something: \(markup.prefix(300))")
        }
        XCTAssertEqual(report.markups[0], report.markups[3], "the same settings make the same markup")
        XCTAssertEqual(report.schemes.count, 2)
        for (scheme, shown) in report.schemes {
            XCTAssertEqual(shown.problems, [], scheme)
            XCTAssertTrue(shown.moved, "\(scheme): the inlined spinners do not move")
            XCTAssertEqual(shown.spinners.count, cases.count)
            for (index, spinner) in shown.spinners.enumerated() {
                let label = "\(scheme) \(index) \(spinner.kind) (\(spinner.screenshot))"
                print("inline svg: \(label): \(spinner.drawn) pixels drawn; against the service's SVG in the text colour: mean difference "
                      + "\(spinner.meanDifference), largest \(spinner.maxDifference); \(spinner.offHue) off the text colour's hue; animations \(spinner.animations)")
                XCTAssertGreaterThan(spinner.drawn, 50, label)
                XCTAssertLessThanOrEqual(spinner.meanDifference, 0.5, label)
                XCTAssertLessThanOrEqual(spinner.maxDifference, 24, label)
                XCTAssertEqual(spinner.offHue, 0, "\(label): pixels not in the text colour")
                XCTAssertFalse(spinner.animations.isEmpty, label)
                let prefix = try XCTUnwrap(report.markups[index].wholeMatch(of: /<svg class="(sp[0-9a-z]+)"[\s\S]*/)?.1, label)
                XCTAssertTrue(spinner.animations.allSatisfy { $0.hasPrefix(prefix + "-") }, "\(label): \(spinner.animations) not under \(prefix)")
            }
            let names = shown.spinners.prefix(3).map { Set($0.animations) }
            XCTAssertTrue(names[0].isDisjoint(with: names[1]) && names[1].isDisjoint(with: names[2]) && names[0].isDisjoint(with: names[2]),
                          "\(scheme): spinners share animation names: \(names)")
        }
    }
}
