import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import XCTest

/// Which renders have a provisional encode, what it costs, and which final encodes are
/// exhaustive: decided from the URL alone, so every server answers a URL alike.
final class RenderPassTests: XCTestCase {
    private let renderer = SpinnerRenderer()

    private func prepared(_ kind: String, _ format: OutputFormat, _ query: [(String, String)] = []) throws -> PreparedRender {
        try renderer.prepare(try SpinnerRequest.parse(kind: kind, format: format, query: query.map { (name: $0.0, value: $0.1) }))
    }

    func testColdAnimationsOverTheThresholdHaveAQuickProvisionalEncode() throws {
        for (kind, format) in [("dots", OutputFormat.webp), ("dots", .apng), ("capsules", .apng), ("dots", .gif), ("capsules", .gif),
                               ("arc", .apng), ("circular", .apng), ("circular", .webp)] {
            let final = try prepared(kind, format, [("theme", "dark")])
            XCTAssertEqual(final.pass, .final)
            XCTAssertEqual(final.estimate.effort, .thorough)
            let provisional = try XCTUnwrap(renderer.provisional(of: final), "\(kind).\(format)")
            XCTAssertEqual(provisional.pass, .provisional)
            XCTAssertEqual(provisional.estimate.effort, .quick, "\(kind).\(format)")
            XCTAssertLessThan(provisional.estimate.seconds, final.estimate.seconds, "\(kind).\(format)")
            XCTAssertEqual(provisional.request.canonicalForm, final.request.canonicalForm)
            XCTAssertNil(renderer.provisional(of: provisional), "a provisional encode has none of its own")
            XCTAssertFalse(renderer.exhaustive(final).deflatesExhaustively, "only a kind's defaults: \(kind).\(format)")
        }
    }

    func testVectorsStillsLargeAndCheapRendersHaveNone() throws {
        for format in [OutputFormat.svg, .lottie, .png] {
            XCTAssertNil(renderer.provisional(of: try prepared("dots", format, [("theme", "dark")])), "\(format)")
        }
        for format in [OutputFormat.gif, .webp, .apng] {
            let cheap = try prepared("activity", format, [("theme", "dark")])
            XCTAssertLessThanOrEqual(cheap.estimate.seconds, RenderCostModel.provisionalAboveSeconds, "\(format)")
            XCTAssertNil(renderer.provisional(of: cheap), "activity.\(format): answered final at once")
        }
        // Past the pixel limit the final encode is already quick effort.
        let large = try prepared("circular", .apng, [("size", "400"), ("theme", "dark")])
        XCTAssertEqual(large.estimate.effort, .quick)
        XCTAssertNil(renderer.provisional(of: large))
    }

    func testAKindsDefaultAPNGIsKeptExhaustiveAndAnsweredProvisionallyFirst() throws {
        for kind in SpinnerKind.allCases {
            let final = try prepared(kind.rawValue, .apng)
            XCTAssertNotNil(renderer.provisional(of: final), "\(kind): its final encode takes seconds")
            XCTAssertTrue(renderer.exhaustive(final).deflatesExhaustively, "\(kind)")
            XCTAssertFalse(final.deflatesExhaustively, "only when asked: the command line's default and --provisional=false")
            for format in [OutputFormat.gif, .webp, .png, .svg] {
                XCTAssertFalse(renderer.exhaustive(try prepared(kind.rawValue, format)).deflatesExhaustively, "\(kind).\(format)")
            }
        }
    }
}
