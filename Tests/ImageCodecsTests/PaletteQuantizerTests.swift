@testable import ImageCodecs
import XCTest

/// `PaletteQuantizer` (libimagequant): one palette of at most 256 colours for every
/// frame, clear pixels clear, fewer colours at a lower quality, a still area the same in
/// every frame (no dithering), and the GIF path keeping which pixels are clear.
final class PaletteQuantizerTests: XCTestCase {
    /// Frames with a still ramp of 4 096 colours on the left and a moving gray square with
    /// soft edges on the right.
    private func frames(count: Int = 6, size: Int = 64) -> [RGBAImage] {
        (0 ..< count).map { frame in
            var pixels = [UInt8](repeating: 0, count: size * size * 4)
            for y in 0 ..< size {
                for x in 0 ..< size {
                    let offset = (y * size + x) * 4
                    if x < size / 2 {
                        (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) =
                            (UInt8(x * 8), UInt8(y * 4), UInt8((x * y) % 256), 255)
                    } else if abs(y - 8 - frame * 6) < 8 {
                        let alpha = UInt8(max(0, 255 - abs(y - 8 - frame * 6) * 30))
                        (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = (90, 90, 90, alpha)
                    }
                }
            }
            return RGBAImage(width: size, height: size, pixels: pixels)
        }
    }

    private func colors(_ images: [RGBAImage]) -> Set<UInt32> {
        var found = Set<UInt32>()
        for image in images {
            for index in 0 ..< image.width * image.height { found.insert(image.pixel(x: index % image.width, y: index / image.width).word) }
        }
        return found
    }

    func testOnePaletteForAllFramesClearStaysClearAndStillAreasStayStill() throws {
        let input = frames()
        XCTAssertGreaterThan(colors(input).count, 256)
        let output = try PaletteQuantizer.quantize(input, quality: 80, speed: 4)
        XCTAssertEqual(output.count, input.count)
        XCTAssertLessThanOrEqual(colors(output).count, 256)
        for (before, after) in zip(input, output) {
            for index in stride(from: 3, to: before.pixels.count, by: 4) where before.pixels[index] == 0 {
                XCTAssertEqual(after.pixels[index], 0, "a clear pixel stays clear")
            }
        }
        // The still left half is mapped alike in every frame.
        for after in output.dropFirst() {
            for y in 0 ..< 64 {
                for x in 0 ..< 32 { XCTAssertEqual(after.pixel(x: x, y: y), output[0].pixel(x: x, y: y)) }
            }
        }
    }

    func testALowerQualityKeepsFewerColours() throws {
        // A smooth ramp of 2 048 colours, which a few colours can already come close to.
        var ramp = [UInt8](repeating: 255, count: 64 * 32 * 4)
        for index in 0 ..< 64 * 32 {
            ramp[index * 4] = UInt8(index % 64 * 2)
            ramp[index * 4 + 1] = UInt8(index / 64 * 4)
            ramp[index * 4 + 2] = 100
        }
        let input = [RGBAImage(width: 64, height: 32, pixels: ramp), RGBAImage(width: 64, height: 32, pixels: ramp)]
        let (fine, coarse) = (try PaletteQuantizer.quantize(input, quality: 95, speed: 4),
                              try PaletteQuantizer.quantize(input, quality: 20, speed: 4))
        XCTAssertLessThan(colors(coarse).count, colors(fine).count)
    }

    func testTheGIFPathKeepsWhichPixelsAreClear() throws {
        let reduced = frames().map { image in
            (pixels: GIFAlpha.reduce(image, matte: GIFEncoder.Matte(red: 255, green: 255, blue: 255)), width: image.width, height: image.height)
        }
        let quantized = try GIFAlpha.quantized(reduced, width: 64, height: 64, quality: 60, speed: 10, stop: .never)
        for (before, after) in zip(reduced, quantized) {
            XCTAssertEqual(before.pixels.map { $0 == .clear }, after.pixels.map { $0 == .clear })
            XCTAssertLessThanOrEqual(Set(after.pixels).count, 257)
        }
    }
}
