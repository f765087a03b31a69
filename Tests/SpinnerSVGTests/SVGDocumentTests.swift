import Foundation
import SpinnerModel
import SpinnerSVG
import XCTest

final class SVGDocumentTests: XCTestCase {
    private func svg(_ kind: String, _ pairs: [(String, String)] = []) throws -> String {
        try SVGDocument(request: try SpinnerRequest.parse(kind: kind, format: .svg, query: pairs.map { (name: $0.0, value: $0.1) })).text
    }

    func testEveryDefaultKindIsUnderTwoKilobytes() throws {
        for kind in SpinnerKind.allCases {
            let size = try svg(kind.rawValue).utf8.count
            XCTAssertLessThanOrEqual(size, 2048, "\(kind): \(size) bytes")
        }
        for style in ["bubbledForeground", "accent", "nineties"] {
            let size = try svg("circular", [("style", style), ("theme", "auto")]).utf8.count
            XCTAssertLessThanOrEqual(size, 4096, "\(style): \(size) bytes")
        }
    }

    func testDocumentIsAGoodWebCitizen() throws {
        let text = try svg("dots", [("size", "48")])
        XCTAssertTrue(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\" viewBox=\"0 0 80 80\" role=\"img\">"), text)
        XCTAssertTrue(text.contains("<title>Loading</title>"))
        XCTAssertFalse(text.contains("<script"))
        XCTAssertFalse(text.contains("foreignObject"))
        // The only URL is the namespace; references stay inside the document.
        XCTAssertEqual(text.components(separatedBy: "http").count, 2)
        for reference in text.components(separatedBy: "href=\"").dropFirst() {
            XCTAssertTrue(reference.hasPrefix("#"), reference)
        }
        XCTAssertTrue(text.contains("@media (prefers-reduced-motion:reduce){svg{--s:4}}"))
    }

    func testHostileTitlesAreEscapedAndControlCharactersRefused() throws {
        let hostile = "</title><script>alert(1)</script><![CDATA[ & \"quoted\" 'single' ]]>"
        let text = try svg("arc", [("title", hostile)])
        XCTAssertFalse(text.contains("<script"))
        XCTAssertFalse(text.contains("<![CDATA["))
        XCTAssertTrue(text.contains("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), text)
        for refused in ["line\nbreak", "nul\u{0}", "bell\u{7}", String(repeating: "x", count: 121)] {
            XCTAssertThrowsError(try SpinnerRequest.parse(kind: "arc", format: .svg, query: [("title", refused)]), refused)
        }
    }

    func testHostileValuesOfEveryOtherStringLikeParameterAreRefused() throws {
        let attacks = ["\"/><script>alert(1)</script>", "red;fill:url(http://x)", "#fff\" onload=\"x", "1e309", "</style>", "accent<"]
        for kind in SpinnerKind.allCases {
            for definition in kind.parameters where definition.name != .title {
                // `v` is a token of letters and digits, never written into a file: 1e309 is one.
                for attack in attacks where !(definition.name == .v && attack == "1e309") {
                    XCTAssertThrowsError(try SpinnerRequest.parse(kind: kind.rawValue, format: nil, query: [(definition.name.rawValue, attack)]),
                                         "\(kind) \(definition.name)=\(attack)")
                }
            }
        }
    }

    func testFinitePlaysStopEveryElementWhereTheLoopEnds() throws {
        let text = try svg("dots", [("loops", "2")])
        XCTAssertFalse(text.contains("infinite"))
        XCTAssertTrue(text.contains("var(--n)"))
        // Dot 1 starts 1.9 s into its 2 s pulse: 2 loops of 6 s plus 1.9 s is 6.95 pulses.
        XCTAssertTrue(text.contains("--d:-1.9s;--n:6.95"), text)
    }

    /// The loop is worked out once, against the one limit (the budget's 30 s): an SVG played
    /// a number of times needs it and is refused past it as a GIF is, naming `duration`;
    /// played forever it needs no loop, and any duration is drawn.
    func testFinitePlaysOfALoopPastTheLimitAreRefusedAsForEveryFormat() throws {
        // dots at 1.7 s: pulses of 3.4 s and a turn of 6.8 s… repeat together only after 34 s.
        let query: [(name: String, value: String)] = [("duration", "1.7"), ("loops", "3")]
        for format in [OutputFormat.svg, .gif, .webp] {
            let request = try SpinnerRequest.parse(kind: "dots", format: format, query: query)
            XCTAssertThrowsError(try FramePlan(request: request, scene: request.kind.scene(for: request), budget: RenderBudget()),
                                 "\(format)") { error in
                guard let refusal = error as? RequestError, case .loopTooLong(let milliseconds, let limit, _) = refusal else {
                    return XCTFail("\(format): \(error)")
                }
                XCTAssertEqual(milliseconds, 34_000)
                XCTAssertEqual(limit, 30_000)
                XCTAssertEqual(refusal.parameter, "duration")
            }
        }
        XCTAssertThrowsError(try svg("dots", query.map { ($0.name, $0.value) }))
        let forever = try svg("dots", [("duration", "1.7")])
        XCTAssertTrue(forever.contains("infinite"))
    }

    func testSpringPolylineStaysWithinItsTolerance() throws {
        let spring = Easing.springOverSegment
        let points = SVGDocumentTestsSupport.polyline(spring)
        XCTAssertLessThanOrEqual(points.count, 24)
        for (start, end) in zip(points, points.dropFirst()) {
            for step in 1..<20 {
                let share = start.share + (end.share - start.share) * Double(step) / 20
                let line = start.progress + (end.progress - start.progress) * Double(step) / 20
                XCTAssertEqual(spring.progress(share), line, accuracy: 0.0011)
            }
        }
    }
}
