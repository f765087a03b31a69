@testable import ImageCodecs
import XCTest

/// RGB and RGBA rows are packed a word a pixel: the bytes must be the samples, big-endian,
/// pixel after pixel, whatever the row's width and however many rows came before.
final class PNGPixelPackingTests: XCTestCase {
    /// The layout `candidates` gives frames of 300 colours: RGBA when some are partly
    /// transparent, else RGB.
    private func layout(alpha: UInt8) throws -> PNGPixelLayout {
        let pixels = (0 ..< 300).flatMap { (index: Int) -> [UInt8] in [UInt8(index % 256), UInt8(index / 256), 9, alpha] }
        return try XCTUnwrap(PNGPixelLayout.candidates(for: [RGBAImage(width: 300, height: 1, pixels: pixels)], animated: false).last)
    }

    /// Each code's low `bytes` bytes, most significant first.
    private func reference(_ codes: [UInt32], bytes: Int) -> [UInt8] {
        codes.flatMap { code in (0 ..< bytes).reversed().map { UInt8(truncatingIfNeeded: code >> (8 * $0)) } }
    }

    func testRGBAndRGBARowsAreTheirSamplesBigEndian() throws {
        var generator = SystemRandomNumberGenerator()
        for (alpha, colorType, bytes) in [(UInt8(128), PNGPixelLayout.ColorType.rgba, 4), (255, .rgb, 3)] {
            let layout = try layout(alpha: alpha)
            XCTAssertEqual(layout.colorType, colorType)
            for width in 0 ... 9 {
                let mask: UInt32 = bytes == 4 ? .max : 0xFF_FFFF
                let first = (0 ..< 5).map { _ in UInt32.random(in: 0 ... .max, using: &generator) & mask }
                let second = (0 ..< width).map { _ in UInt32.random(in: 0 ... .max, using: &generator) & mask }
                var packed: [UInt8] = []
                layout.pack(first[...], into: &packed)
                layout.pack(second[...], into: &packed)
                XCTAssertEqual(packed, reference(first, bytes: bytes) + reference(second, bytes: bytes), "\(colorType), width \(width)")
            }
        }
    }
}
