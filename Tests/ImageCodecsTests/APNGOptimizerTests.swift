@testable import ImageCodecs
import XCTest

/// Which of the optimiser's candidates get a deflate estimate of their own.
final class APNGOptimizerTests: XCTestCase {
    private let width = 4
    private let rect = PixelRect(x: 1, y: 1, width: 2, height: 2)

    private func choice(_ codes: [UInt32], _ blend: APNGFrameChoice.Blend = .source, rect: PixelRect? = nil) -> APNGFrameChoice {
        APNGFrameChoice(rect: rect ?? self.rect, blend: blend, codes: codes)
    }

    func testCandidatesStoringTheSameCodesInTheSameRectangleShareOneEstimate() {
        let frame: [UInt32] = (0 ..< 16).map(UInt32.init)
        var outside = frame
        outside[0] = 99  // differs only outside the rectangle: what is stored is the same
        let (estimated, sizeOf) = APNGOptimizer.distinct([choice(frame), choice(outside), choice(frame, .over)], width: width)
        XCTAssertEqual(estimated, [0])
        XCTAssertEqual(sizeOf, [0, 0, 0])
    }

    func testCandidatesThatDifferInsideTheRectangleOrInTheRectangleAreEstimatedApart() {
        let frame: [UInt32] = (0 ..< 16).map(UInt32.init)
        var inside = frame
        inside[1 * width + 2] = 99
        let wider = PixelRect(x: 0, y: 1, width: 3, height: 2)
        let candidates = [choice(frame), choice(inside, .over), choice(frame, rect: wider), choice(inside)]
        let (estimated, sizeOf) = APNGOptimizer.distinct(candidates, width: width)
        XCTAssertEqual(estimated, [0, 1, 2])
        XCTAssertEqual(sizeOf, [0, 1, 2, 1])
    }
}
