@testable import ImageCodecs
import XCTest

/// The exact LZW coder writes giflib's bytes: whole GIFs coded by it and by giflib's own
/// coder (`EGifPutLine`) are equal, for every minimum code size, for images that fill the
/// string table many times over (clear codes) and for one pixel.
final class GIFExactLZWTests: XCTestCase {
    /// A GIF of one `width` × `height` image of `indices` over `colors` greys.
    private func gif(_ indices: [UInt8], width: Int, height: Int, colors: Int, byGiflib: Bool) throws -> [UInt8] {
        let palette = (0 ..< colors).map { (index: Int) -> (UInt8, UInt8, UInt8) in
            let grey = UInt8(index * 255 / max(1, colors - 1))
            return (grey, grey, grey)
        }
        let writer = try GIFWriter(width: width, height: height, palette: palette)
        writer.codesByGiflib = byGiflib
        try writer.write(.init(rect: PixelRect(x: 0, y: 0, width: width, height: height), indices: indices, delay: 4,
                               disposal: 1, transparentIndex: 0))
        return try writer.finish()
    }

    /// Indices below `colors`: runs of random lengths (as spinners' frames have) mixed
    /// with noise (many distinct strings, so the table fills and is cleared).
    private func indices(count: Int, colors: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var result: [UInt8] = []
        while result.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(Int(state >> 33) % colors)
            let run = state >> 62 == 0 ? Int(state >> 40 & 63) : 1
            result += repeatElement(value, count: min(run + 1, count - result.count))
        }
        return result
    }

    func testEveryCodeSizeAndTableClearsGiveGiflibsBytes() throws {
        for colors in [2, 3, 4, 8, 16, 32, 64, 128, 256] {
            for (width, height) in [(1, 1), (3, 2), (64, 64), (256, 256)] {
                let image = indices(count: width * height, colors: colors, seed: UInt64(colors * 1_000 + width))
                let ours = try gif(image, width: width, height: height, colors: colors, byGiflib: false)
                let giflib = try gif(image, width: width, height: height, colors: colors, byGiflib: true)
                XCTAssertTrue(ours == giflib, "\(colors) colours, \(width)×\(height): \(ours.count) B against giflib's \(giflib.count) B")
            }
        }
    }

    func testOneColourThroughoutGivesGiflibsBytes() throws {
        // One long run: the strings grow by a pixel a code, the table's chains longest.
        for colors in [2, 256] {
            let image = [UInt8](repeating: UInt8(colors - 1), count: 300 * 300)
            let ours = try gif(image, width: 300, height: 300, colors: colors, byGiflib: false)
            XCTAssertEqual(ours, try gif(image, width: 300, height: 300, colors: colors, byGiflib: true))
        }
    }
}
