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


/// Stored images LZW-coded in the background while the next frames are planned: every
/// image is written, in order, and a failure while a batch is coding still ends the encode.
final class GIFBackgroundCodingTests: XCTestCase {
    /// 40 frames of 96 × 96 whose every pixel changes from frame to frame (16 images, the
    /// batch coded at once, hold 147 456 pixels: past `GIFEncoder.parallelCodingPixels`).
    private let frames: [AnimationFrame] = (0 ..< 40).map { index in
        let (width, height) = (96, 96)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8((x * 8 + index * 16) % 256 & 0xE0)
                pixels[at + 1] = UInt8((y * 8 + index * 24) % 256 & 0xE0)
                pixels[at + 2] = UInt8(index % 2 * 128)
                pixels[at + 3] = 255
            }
        }
        return AnimationFrame(image: RGBAImage(width: width, height: height, pixels: pixels),
                              duration: FrameDuration(numerator: 1, denominator: 25))
    }

    func testEveryImageIsWrittenInOrder() throws {
        let bytes = try GIFEncoder().encode(frames)
        // One graphic control extension (21 F9 04) a frame, their delays (4 cs) in order,
        // and every image descriptor after its control block.
        let controls = (0 ..< bytes.count - 3).filter { bytes[$0] == 0x21 && bytes[$0 + 1] == 0xF9 && bytes[$0 + 2] == 0x04 }
        XCTAssertEqual(controls.count, 40)
        XCTAssertTrue(controls.allSatisfy { bytes[$0 + 4] == 4 && bytes[$0 + 5] == 0 && bytes[$0 + 8] == 0x2C })
        XCTAssertEqual(bytes.last, 0x3B)
    }

    func testStopAskedWhileABatchIsCodingEndsTheEncodeWithItsReason() {
        let asked = Counter()
        // 40 questions while the frames are read, then one a batch of 16 frames mapped: the
        // third comes after the first batch of images was started coding.
        let stop = StopCheck { asked.next() >= 42 ? .cancelled : nil }
        XCTAssertThrowsError(try GIFEncoder().encode(frames, stop: stop)) { error in
            XCTAssertEqual((error as? CodecError)?.stopped, .cancelled)
        }
    }

    func testOutputLimitPassedWhileBatchesAreCodingEndsTheEncode() {
        XCTAssertThrowsError(try GIFEncoder(maxBytes: 5_000).encode(frames)) { error in
            XCTAssertEqual((error as? CodecError)?.tooLargeLimit, 5_000)
        }
    }
}
