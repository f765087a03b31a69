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

    func testLiteralPixelsAreThoseNeitherLikeTheirLeftNorTheirUpperNeighbourInTheRectangle() {
        // 4 × 4; the rectangle is rows 1–2, columns 1–2.
        let codes: [UInt32] = [9, 9, 9, 9,
                               9, 1, 1, 9,
                               9, 1, 2, 9,
                               9, 9, 9, 9]
        // Row 1: 1 (new), 1 (as left). Row 2: 1 (as above), 2 (new): the rectangle's first
        // row has no upper neighbour within it, though the frame has one.
        XCTAssertEqual(APNGOptimizer.literalPixels(codes, width: width, rect: rect), 2)
        XCTAssertEqual(APNGOptimizer.literalPixels(codes, width: width, rect: .whole(width: 4, height: 4)), 3)
        XCTAssertEqual(APNGOptimizer.literalPixels(codes, width: width, rect: PixelRect(x: 3, y: 0, width: 1, height: 4)), 1)
    }

    func testQuickRGBAFramesRankedByLiteralsBlendOverWhereLittleChanged() throws {
        // Two 8 × 8 RGBA frames of noise that differ in one pixel: "over" stores one pixel
        // in a 1 × 1 rectangle; ranked by literals, as by deflate, it wins.
        var generator = SystemRandomNumberGenerator()
        let first = (0 ..< 64).map { _ in UInt32.random(in: 1 ... .max, using: &generator) | 0xFF }
        var second = first
        second[27] ^= 0xFF00
        let layout = try XCTUnwrap(PNGPixelLayout.candidates(
            for: [RGBAImage(width: 300, height: 1, pixels: (0 ..< 300).flatMap { (index: Int) -> [UInt8] in [UInt8(index % 256), UInt8(index / 256), 9, 128] })],
            animated: true).last)
        XCTAssertEqual(layout.colorType, .rgba)
        for ranksByLiterals in [false, true] {
            let optimizer = APNGOptimizer(layout: layout, width: 8, height: 8, effort: .quick, ranksByLiterals: ranksByLiterals)
            let choices = try optimizer.choices(for: [first, second])
            XCTAssertEqual(choices.count, 2)
            XCTAssertEqual(choices[1].rect, PixelRect(x: 3, y: 3, width: 1, height: 1), "ranked by literals: \(ranksByLiterals)")
            XCTAssertEqual(choices[0].dispose, .none)
        }
    }
}
