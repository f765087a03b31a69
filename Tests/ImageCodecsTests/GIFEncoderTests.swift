@testable import ImageCodecs
import XCTest

/// GIF timing without a decoder (the round trips through decoders are in IntegrationTests).
final class GIFEncoderTests: XCTestCase {
    func testTimingSumsToTheTotalAndNeverGoesUnderTwoCentiseconds() {
        let twelfth = FrameDuration(numerator: 1, denominator: 12)
        let schedule = GIFTiming.schedule(Array(repeating: twelfth, count: 12))
        XCTAssertEqual(schedule.map(\.delay).reduce(0, +), 100)
        XCTAssertEqual(Set(schedule.map(\.delay)), [8, 9])
        let fast = GIFTiming.schedule(Array(repeating: FrameDuration(numerator: 1, denominator: 100), count: 10))
        XCTAssertEqual(fast.map(\.delay).reduce(0, +), 10)
        XCTAssertTrue(fast.allSatisfy { $0.delay >= 2 })
        XCTAssertEqual(fast.first?.frame, 0)
    }

    /// Images coded apart (`GIFWriter.coded`, so that they can be coded on every core) and
    /// written in order are the bytes of coding them into the stream one by one: exact and
    /// lossy LZW, transparent and opaque, whole and cropped.
    func testImagesCodedApartAreTheStreamsOwnBytes() throws {
        let (width, height) = (40, 30)
        let palette: [(UInt8, UInt8, UInt8)] = (0 ..< 37).map { (entry: Int) -> (UInt8, UInt8, UInt8) in
            let red = UInt8(entry * 6), green = UInt8(255 - entry * 5), blue = UInt8(entry * 3)
            return (red, green, blue)
        }
        var generator = SystemRandomNumberGenerator()
        let images = (0 ..< 9).map { index -> GIFWriter.Image in
            let rect = index % 3 == 0 ? PixelRect.whole(width: width, height: height)
                : PixelRect(x: index, y: index / 2, width: width - 2 * index, height: height - index)
            let indices = (0 ..< rect.width * rect.height).map { (pixel: Int) -> UInt8 in
                pixel % 11 < 5 ? UInt8(pixel / 7 % 37) : UInt8.random(in: 0 ..< 37, using: &generator)
            }
            return GIFWriter.Image(rect: rect, indices: indices, delay: 3 + index, disposal: index % 2 == 0 ? 1 : 2,
                                   transparentIndex: index % 4 == 0 ? nil : 0)
        }
        for lossy in [nil, GIFLossyLZW(palette: palette, tolerance: 800)] {
            let whole = try GIFWriter(width: width, height: height, palette: palette, lossy: lossy)
            try whole.writeLoop(repeats: 0)
            for image in images { try whole.write(image) }
            let apart = try GIFWriter(width: width, height: height, palette: palette, lossy: lossy)
            try apart.writeLoop(repeats: 0)
            for image in images {
                apart.write(coded: try GIFWriter.coded(image, width: width, height: height, palette: palette, lossy: lossy))
            }
            XCTAssertEqual(apart.byteCount, whole.byteCount)
            XCTAssertEqual(try apart.finish(), try whole.finish(), lossy == nil ? "exact" : "lossy")
        }
    }
}

