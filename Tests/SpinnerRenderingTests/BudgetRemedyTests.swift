import SpinnerModel
import SpinnerRendering
import XCTest

/// A budget refusal names what would pass at the request's other parameters, found by the
/// same planning and estimate that refused it: the largest `size`, or the highest `fps`.
final class BudgetRemedyTests: XCTestCase {
    private func parse(_ kind: String, _ format: OutputFormat, _ query: [String: String]) throws -> SpinnerRequest {
        try SpinnerRequest.parse(kind: kind, format: format, query: query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private func refusal(_ request: SpinnerRequest, by renderer: SpinnerRenderer = SpinnerRenderer()) -> RequestError? {
        do throws(RequestError) {
            _ = try renderer.prepare(request)
            return nil
        } catch {
            return error
        }
    }

    func testTheLargestAdmittedSizeIsAdmittedAndTheNextIsNot() throws {
        // One refusal per budget: pixels × frames, the estimated time, and the peak memory.
        let cases: [(String, OutputFormat, [String: String])] = [
            ("circular", .apng, ["size": "1024"]),
            ("dots", .webp, ["size": "600", "fps": "60"]),
            ("capsules", .gif, ["size": "1000", "fps": "50"]),
            ("arc", .apng, ["size": "300", "scale": "4", "fps": "60"]),
        ]
        for (kind, format, query) in cases {
            let request = try parse(kind, format, query)
            let error = try XCTUnwrap(refusal(request), "\(kind).\(format) \(query) is over the budget")
            guard case .size(let size)? = error.admitted else { return XCTFail("\(kind) \(query): no size in \(error)") }
            XCTAssertLessThan(size, request.shared.size)
            XCTAssertNil(refusal(request.resized(to: size)), "\(kind) size=\(size) is admitted")
            XCTAssertNotNil(refusal(request.resized(to: size + 1)), "\(kind) size=\(size + 1) is not")
            XCTAssertTrue(error.detail.contains("size=\(size) would be admitted"), error.detail)
        }
    }

    /// A cold APNG (not a kind's defaults) is priced by the deflate tiers it gets, so a
    /// refusal's `largest_size` is at least what pricing its rows at level 12 (as every
    /// APNG was before) admitted; under a tight time budget, larger.
    func testAColdAPNGsLargestSizeIsAtLeastWhatLevel12PricingAdmitted() throws {
        let renderer = SpinnerRenderer(budget: RenderBudget(maxRenderSeconds: 0.3))
        var larger = 0
        for (kind, query) in [(SpinnerKind.circular, ["theme": "dark", "size": "150"]), (.dots, ["color": "ff3b30", "size": "120"]),
                              (.capsules, ["theme": "dark", "size": "250"]), (.arc, ["theme": "dark", "size": "300"]),
                              (.activity, ["theme": "dark", "size": "600"])] {
            let request = try parse(kind.rawValue, .apng, query)
            let error = try XCTUnwrap(refusal(request, by: renderer), "\(kind) \(query) is over 0.3 s")
            guard case .size(let size)? = error.admitted else { return XCTFail("\(kind) \(query): no size in \(error)") }
            // What level-12 pricing admitted: the largest size below the request's whose
            // estimate at the strongest deflate fits (the frames do not depend on the size).
            let frames = try renderer.estimate(request.resized(to: 8)).frames
            let level12 = (8 ..< request.shared.size).last { candidate in
                RenderCostModel.estimate(kind: kind, format: .apng, pixelSize: candidate, frames: frames, filledBackground: false,
                                         renderedAhead: true).seconds <= 0.3
            }
            XCTAssertGreaterThanOrEqual(size, level12 ?? 8, "\(kind) \(query)")
            if size > level12 ?? 8 { larger += 1 }
        }
        XCTAssertGreaterThanOrEqual(larger, 4, "the cold tiers' pricing admits larger sizes")
    }

    func testTooManyFramesNamesTheHighestFrameRate() throws {
        let renderer = SpinnerRenderer(budget: RenderBudget(maxFrames: 50))
        let request = try parse("arc", .apng, ["fps": "60"])
        let error = try XCTUnwrap(refusal(request, by: renderer))
        guard case .tooManyFrames(_, _, .fps(let fps)?) = error else { return XCTFail("\(error)") }
        XCTAssertNoThrow(try renderer.prepare(request.paced(at: fps)))
        XCTAssertThrowsError(try renderer.prepare(request.paced(at: fps + 1)))
        XCTAssertEqual(error.parameter, "fps")
    }

    func testNoRemedyWhenEvenTheSmallestIsRefusedOrTheCauseIsNotSize() throws {
        // At 8 px nothing is smaller.
        let tight = SpinnerRenderer(budget: RenderBudget(maxPixelFrames: 1_000))
        let small = try parse("arc", .apng, ["size": "8"])
        let error = try XCTUnwrap(refusal(small, by: tight), "over a budget of 1 000 pixel-frames")
        XCTAssertNil(error.admitted, "\(error)")
        XCTAssertFalse(error.detail.contains("would be admitted"), error.detail)
    }
}
