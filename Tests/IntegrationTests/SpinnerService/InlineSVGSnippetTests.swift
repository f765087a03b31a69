import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground's inline SVG snippet (issue 50): no request, its colour currentColor, so it
/// follows the page's text colour and dark mode; spinners inlined side by side keep their
/// own shapes and timing. In a real Chromium against the real server.
final class InlineSVGSnippetTests: XCTestCase {
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
        let job: [String: Any] = ["type": "inlineSvg", "url": server.url("/"), "cases": cases, "notOffered": ["dots", "arc"],
                                  "time": 290, "out": shots.path]
        // The result's members: inline_svg.py.
        let report = try Browser.script.result(job, in: directory)
        XCTAssertEqual(try report.offered.asBoolMembers, ["dots": false, "arc": false])
        let markups = try report.markups.asStrings
        for markup in markups {
            XCTAssertTrue(markup.hasPrefix("<svg class=\"sp"), String(markup.prefix(80)))
            XCTAssertTrue(markup.contains("currentColor"), "no currentColor")
            XCTAssertFalse(markup.contains("010203"), "the sentinel colour is left")
            XCTAssertTrue(markup.contains("role=\"status\" aria-label=\"Loading\""))
            // Nothing it refers to is elsewhere (its namespace name is a name, not a request).
            let references = markup.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            XCTAssertFalse(references.contains("http:") || references.contains("https:") || references.contains("//"),
                           "the markup asks for something: \(markup.prefix(300))")
        }
        XCTAssertEqual(markups[0], markups[3], "the same settings make the same markup")
        let schemes = try report.schemes.asMembers
        XCTAssertEqual(schemes.count, 2)
        for (scheme, shown) in schemes {
            XCTAssertEqual(try shown.problems.asStrings, [], scheme)
            XCTAssertTrue(try shown.moved.asBool, "\(scheme): the inlined spinners do not move")
            let spinners = try shown.spinners.asElements
            XCTAssertEqual(spinners.count, cases.count)
            var names: [Set<String>] = []
            for (index, spinner) in spinners.enumerated() {
                let label = "\(scheme) \(index) \(try spinner.kind.asString) (\(try spinner.screenshot.asString))"
                let drawn = try spinner.drawn.asInt, mean = try spinner.meanDifference.asDouble, largest = try spinner.maxDifference.asInt
                let offHue = try spinner.offHue.asInt, animations = try spinner.animations.asStrings
                print("inline svg: \(label): \(drawn) pixels drawn; against the service's SVG in the text colour: mean difference "
                      + "\(mean), largest \(largest); \(offHue) off the text colour's hue; animations \(animations)")
                XCTAssertGreaterThan(drawn, 50, label)
                XCTAssertLessThanOrEqual(mean, 0.5, label)
                XCTAssertLessThanOrEqual(largest, 24, label)
                XCTAssertEqual(offHue, 0, "\(label): pixels not in the text colour")
                XCTAssertFalse(animations.isEmpty, label)
                let prefix = try XCTUnwrap(markups[index].wholeMatch(of: /<svg class="(sp[0-9a-z]+)"[\s\S]*/)?.1, label)
                XCTAssertTrue(animations.allSatisfy { $0.hasPrefix(prefix + "-") }, "\(label): \(animations) not under \(prefix)")
                names.append(Set(animations))
            }
            XCTAssertTrue(names[0].isDisjoint(with: names[1]) && names[1].isDisjoint(with: names[2]) && names[0].isDisjoint(with: names[2]),
                          "\(scheme): spinners share animation names: \(names)")
        }
    }
}
