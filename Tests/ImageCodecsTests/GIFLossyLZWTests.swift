@testable import ImageCodecs
import XCTest

/// The lossy LZW coder against giflib's exact one (decoded by real decoders in
/// IntegrationTests' GIFRoundTripTests).
final class GIFLossyLZWTests: XCTestCase {
    /// A palette of `count` distinct greys (index 0 the transparent slot), and images of
    /// noisy gradients over them with transparent holes: many strings, several clears.
    private func palette(_ count: Int) -> [(UInt8, UInt8, UInt8)] {
        (0 ..< count).map { (index: Int) -> (UInt8, UInt8, UInt8) in
            let grey = UInt8(index * 255 / (count - 1))
            return (grey, grey, grey)
        }
    }

    private func image(width: Int, height: Int, colors: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0 ..< width * height).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Int(state >> 61)  // 0–7
            if (index / 7) % 11 == 0 { return GIFPalette.transparentIndex }
            return UInt8(1 + (index % width * (colors - 2) / width + noise) % (colors - 1))
        }
    }

    private func giflibBytes(_ indices: [UInt8], width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)],
                             lossy: GIFLossyLZW?) throws -> [UInt8] {
        let writer = try GIFWriter(width: width, height: height, palette: palette, lossy: lossy)
        writer.codesByGiflib = true
        try writer.write(.init(rect: PixelRect(x: 0, y: 0, width: width, height: height), indices: indices, delay: 10,
                               disposal: 1, transparentIndex: 0))
        return try writer.finish()
    }

    func testAtNoToleranceTheStreamIsGiflibsByteForByte() throws {
        for (colors, width, height) in [(4, 17, 9), (16, 64, 64), (64, 200, 150), (200, 256, 256)] {
            let palette = palette(colors)
            let indices = image(width: width, height: height, colors: colors, seed: UInt64(colors))
            let exact = try giflibBytes(indices, width: width, height: height, palette: palette, lossy: nil)
            let ours = try giflibBytes(indices, width: width, height: height, palette: palette,
                                       lossy: GIFLossyLZW(palette: palette, tolerance: 0))
            let firstDifference = zip(ours, exact).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, exact.count)
            XCTAssertTrue(ours == exact, "\(colors) colours, \(width)×\(height): \(ours.count) B against giflib's \(exact.count) B, "
                          + "first differing at byte \(firstDifference)")
        }
    }

    func testWithToleranceTheStreamIsShorter() throws {
        let palette = palette(64)
        let indices = image(width: 200, height: 150, colors: 64, seed: 7)
        let exact = try giflibBytes(indices, width: 200, height: 150, palette: palette, lossy: nil)
        let lossy = try giflibBytes(indices, width: 200, height: 150, palette: palette,
                                    lossy: GIFLossyLZW(palette: palette, tolerance: GIFLossyLZW.tolerance(quality: 80)))
        XCTAssertLessThan(lossy.count, exact.count * 9 / 10, "lossy \(lossy.count) B against exact \(exact.count) B")
    }

    func testToleranceFollowsQuality() {
        XCTAssertEqual(GIFLossyLZW.tolerance(quality: 99), 2)
        XCTAssertEqual(GIFLossyLZW.tolerance(quality: 80), 840)
        XCTAssertEqual(GIFLossyLZW.tolerance(quantizedAt: 80), 100)
        XCTAssertLessThan(GIFLossyLZW.tolerance(quality: 60), GIFLossyLZW.tolerance(quality: 40))
    }
}
