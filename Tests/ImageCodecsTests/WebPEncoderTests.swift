@testable import ImageCodecs
import UnitSupport
import XCTest

/// The WebP encoder plans frames the way libwebp's `WebPAnimEncoder` does and codes
/// them apart on every core: its files must be `WebPAnimEncoder`'s, byte for byte, on
/// sequences that reach each of its decisions (cropping to odd offsets, disposal to
/// background, blending or not, identical frames merged, a lone stored frame).
final class WebPEncoderTests: XCTestCase {
    /// A reproducible stream of numbers (SplitMix64), for random frames.
    private struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    private func frames(_ images: [RGBAImage], milliseconds: [Int]) -> [AnimationFrame] {
        zip(images, milliseconds).map { AnimationFrame(image: $0, duration: FrameDuration(numerator: Int64($1), denominator: 1000)) }
    }

    /// `count` frames of `width` × `height` where each frame changes a random rectangle
    /// of the one before to random colours, `alpha` deciding how opaque they are.
    private func randomEdits(_ numbers: inout Numbers, width: Int, height: Int, count: Int,
                             alpha: (inout Numbers) -> UInt8) -> [RGBAImage] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var images: [RGBAImage] = []
        for _ in 0 ..< count {
            let x = numbers.next(width), y = numbers.next(height)
            let w = 1 + numbers.next(width - x), h = 1 + numbers.next(height - y)
            // Sometimes no change at all: the frame merges into the one before.
            if numbers.next(4) > 0 {
                for row in y ..< y + h {
                    for column in x ..< x + w {
                        let offset = (row * width + column) * 4
                        let a = alpha(&numbers)
                        pixels[offset] = a == 0 ? 0 : UInt8(numbers.next(4) * 60)
                        pixels[offset + 1] = a == 0 ? 0 : UInt8(numbers.next(4) * 60)
                        pixels[offset + 2] = a == 0 ? 0 : 200
                        pixels[offset + 3] = a
                    }
                }
            }
            images.append(RGBAImage(width: width, height: height, pixels: pixels))
        }
        return images
    }

    private func assertSameAsWebPAnimEncoder(_ frames: [AnimationFrame], effort: EncoderEffort = .thorough, loops: Int = 0,
                                             _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let encoder = WebPEncoder(loops: loops, effort: effort)
        let ours = try encoder.encode(frames)
        let reference = try encoder.throughAnimationEncoder(frames)
        XCTAssertEqual(ours.count, reference.count, "\(label): sizes differ", file: file, line: line)
        XCTAssertTrue(ours == reference, "\(label): bytes differ from WebPAnimEncoder's", file: file, line: line)
    }

    func testMovingTranslucentDiscIsWebPAnimEncodersFile() throws {
        let images = (0 ..< 12).map { Fixtures.disc(size: 31, x: 5 + $0 * 2, y: 9 + $0 % 3, alpha: 180) }
        try assertSameAsWebPAnimEncoder(frames(images, milliseconds: Array(repeating: 40, count: 12)), "moving disc")
    }

    func testOpaqueFramesBlendAndRepeatsMerge() throws {
        let bars = [3, 3, 4, 9, 9, 9, 2, 15, 15, 1]
        let images = bars.map { Fixtures.gradient(size: 22, bar: $0) }
        try assertSameAsWebPAnimEncoder(frames(images, milliseconds: [10, 20, 30, 5, 5, 5, 33, 1, 7, 100]), loops: 3, "gradient bars")
    }

    func testRandomEditsAtOddOffsetsAreWebPAnimEncodersFile() throws {
        var numbers = Numbers(state: 7)
        for (index, (width, height)) in [(5, 7), (13, 4), (32, 32), (1, 9), (40, 17)].enumerated() {
            let count = 2 + numbers.next(14)
            let translucent = randomEdits(&numbers, width: width, height: height, count: count) { UInt8($0.next(4) * 85) }
            try assertSameAsWebPAnimEncoder(frames(translucent, milliseconds: (0 ..< count).map { 1 + $0 * 7 % 50 }),
                                            "translucent edits \(width)×\(height) (#\(index))")
            let opaque = randomEdits(&numbers, width: width, height: height, count: count) { _ in 255 }
            try assertSameAsWebPAnimEncoder(frames(opaque, milliseconds: Array(repeating: 16, count: count)),
                                            "opaque edits \(width)×\(height) (#\(index))")
        }
    }

    func testClearFirstFrameAndOneStoredFrameAreWebPAnimEncodersFile() throws {
        let clear = RGBAImage(width: 9, height: 9)
        let disc = Fixtures.disc(size: 9, x: 4, y: 4, radius: 3)
        try assertSameAsWebPAnimEncoder(frames([clear, clear, disc, clear], milliseconds: [30, 30, 30, 30]), "clear first")
        try assertSameAsWebPAnimEncoder(frames([disc, disc, disc], milliseconds: [30, 40, 50]), "one stored frame")
        try assertSameAsWebPAnimEncoder(frames([clear], milliseconds: [1000]), "one clear frame")
    }

    func testQuickEffortIsWebPAnimEncodersFileToo() throws {
        let images = (0 ..< 6).map { Fixtures.disc(size: 40, x: 10 + $0 * 3, y: 20, radius: 8, alpha: 255) }
        try assertSameAsWebPAnimEncoder(frames(images, milliseconds: Array(repeating: 50, count: 6)), effort: .quick, "quick effort")
    }

    func testOutputOverTheLimitIsRefused() throws {
        let images = (0 ..< 6).map { Fixtures.gradient(size: 24, bar: $0) }
        XCTAssertThrowsError(try WebPEncoder(maxBytes: 100).encode(frames(images, milliseconds: Array(repeating: 50, count: 6)))) { error in
            XCTAssertEqual((error as? CodecError)?.tooLargeLimit, 100)
        }
    }
}
