@testable import ImageCodecs
import XCTest

/// APNG timing without a decoder (the round trips through decoders are in IntegrationTests).
final class APNGEncoderTests: XCTestCase {
    func testDelaysThatDoNotFitSixteenBitsAreRoundedWithoutDrift() {
        let odd = FrameDuration(numerator: 1, denominator: 70_001)
        let delays = APNGDelays.fractions(Array(repeating: odd, count: 3) + [FrameDuration(numerator: 1, denominator: 1)])
        XCTAssertTrue(delays.allSatisfy { $0.denominator == 1000 })
        XCTAssertEqual(delays.map { Int($0.numerator) }.reduce(0, +), 1000)  // 1.0000429 s → 1000 ms
    }
}

/// Frames compressed on another thread while the next are planned: failures still end
/// the encode.
final class APNGBatchTests: XCTestCase {
    /// 40 frames of a square moving over noise-like colours (every frame differs).
    private let frames: [AnimationFrame] = (0 ..< 40).map { index in
        let (width, height) = (48, 32)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let at = (y * width + x) * 4
                let inSquare = (x - index + 48) % 48 < 12 && y >= 10 && y < 22
                pixels[at] = inSquare ? 255 : UInt8((x * 7 + y * 13 + index) % 251)
                pixels[at + 1] = UInt8((x * y + index * 3) % 256)
                pixels[at + 2] = inSquare ? 0 : UInt8(x * 5 % 256)
                pixels[at + 3] = 255
            }
        }
        return AnimationFrame(image: RGBAImage(width: width, height: height, pixels: pixels),
                              duration: FrameDuration(numerator: 1, denominator: 25))
    }

    /// An encoder whose strength is known from the first frame, so that batches are
    /// compressed while later frames are planned.
    private func encoder(maxBytes: Int = .max) -> APNGEncoder {
        APNGEncoder(maxBytes: maxBytes, deflate: .ahead(strongestBytes: 0))
    }

    func testEncodingInBatchesGivesEveryFrame() throws {
        let bytes = try encoder().encode(frames)
        // acTL's frame count, and one fcTL per frame.
        XCTAssertEqual(Array(bytes[37 ..< 45]), Array("acTL".utf8) + [0, 0, 0, 40])
        let fcTL = Array("fcTL".utf8)
        XCTAssertEqual((0 ..< bytes.count - 4).filter { Array(bytes[$0 ..< $0 + 4]) == fcTL }.count, 40)
    }

    func testStopAskedWhileABatchIsCompressingEndsTheEncodeWithItsReason() {
        let asked = Counter()
        // 40 questions while the frames are read, then one a frame while planning and one a
        // frame while compressing: the 70th comes with batches compressing and frames to plan.
        let stop = StopCheck { asked.next() >= 70 ? .cancelled : nil }
        XCTAssertThrowsError(try encoder().encode(frames, stop: stop)) { error in
            XCTAssertEqual((error as? CodecError)?.stopped, .cancelled)
        }
    }

    func testOutputLimitPassedWhileBatchesAreCompressingEndsTheEncode() {
        XCTAssertThrowsError(try encoder(maxBytes: 2_000).encode(frames)) { error in
            XCTAssertEqual((error as? CodecError)?.tooLargeLimit, 2_000)
        }
    }
}
