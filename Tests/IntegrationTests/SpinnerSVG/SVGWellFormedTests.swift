import Foundation
import SpinnerModel
import SpinnerSVG
import IntegrationSupport
import UnitSupport
import XCTest

/// Every SVG spinnerd writes is well-formed XML to a parser nobody here wrote (xmllint).
final class SVGWellFormedTests: XCTestCase {
    private func svg(_ kind: String, _ pairs: [(String, String)] = []) throws -> String {
        try SVGDocument(request: try SpinnerRequest.parse(kind: kind, format: .svg, query: pairs.map { (name: $0.0, value: $0.1) })).text
    }

    private func xmllint(_ text: String) throws -> ExternalTool.Result {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(text.utf8), to: "spinner.svg")
        return try ExternalTool.run("xmllint", ["--noout", path])
    }

    func testXmllintAcceptsEveryKindAndOption() throws {
        let variations: [[(String, String)]] = [[], [("theme", "auto")], [("loops", "3")], [("background", "systemBackground"), ("theme", "dark")]]
        for kind in SpinnerKind.allCases {
            for pairs in variations {
                let result = try xmllint(try svg(kind.rawValue, pairs))
                XCTAssertEqual(result.status, 0, "\(kind) \(pairs): \(result.errorText)")
            }
        }
    }

    func testAHostileTitleStaysWellFormed() throws {
        let hostile = "</title><script>alert(1)</script><![CDATA[ & \"quoted\" 'single' ]]>"
        let result = try xmllint(try svg("arc", [("title", hostile)]))
        XCTAssertEqual(result.status, 0, result.errorText)
    }
}
