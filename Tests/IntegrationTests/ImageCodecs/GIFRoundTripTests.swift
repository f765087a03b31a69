import Foundation
@testable import ImageCodecs
import IntegrationSupport
import UnitSupport
import XCTest

/// GIF files decoded back by decoders nobody here wrote.
final class GIFRoundTripTests: XCTestCase {
    private func check(_ path: String) throws {
        let info = try ExternalTool.run("gifsicle", ["--info", path])
        XCTAssertEqual(info.status, 0, info.errorText)
        // A truncated GIF still passes gifsicle --info: the trailer must be there.
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).last, 0x3B)
    }

    func testOpaqueFramesDecodeExactlyWithCentisecondDelays() throws {
        let frames = (0..<6).map { index in
            AnimationFrame(image: Fixtures.disc(x: 6 + index * 2, y: 12, color: (10, 120, 250)), duration: FrameDuration(numerator: 1, denominator: 20))
        }
        let directory = try TemporaryDirectory()
        let path = try directory.write(try GIFEncoder(loops: 0).encode(frames), to: "disc.gif")
        try check(path)
        let decoded = try Decoders.inspect(path)
        XCTAssertEqual(decoded.frames, 6)
        XCTAssertEqual(decoded.loop, 0)
        XCTAssertEqual(decoded.durations, Array(repeating: 50, count: 6))
        // Half-opaque rim pixels are cut by the dither map; fully opaque ones must be exact.
        let pixels = try Fixtures.decodedFrames(path, in: directory)
        for (index, frame) in frames.enumerated() {
            for offset in stride(from: 0, to: frame.image.pixels.count, by: 4) where frame.image.pixels[offset + 3] == 255 {
                XCTAssertEqual(Array(pixels[index][offset ..< offset + 4]), Array(frame.image.pixels[offset ..< offset + 4]))
            }
        }
    }

    /// The lossy LZW coder (`quality`): its streams decode in gifsicle and Pillow,
    /// are shorter, and every pixel stays within the tolerance of the exact file's (a quick
    /// encode codes the exact colours, so both files share one palette).
    func testLossyLZWDecodesEverywhereWithinItsTolerance() throws {
        let frames = (0 ..< 4).map {
            AnimationFrame(image: Fixtures.gradient(size: 64, bar: $0 * 9), duration: FrameDuration(numerator: 1, denominator: 10))
        }
        let directory = try TemporaryDirectory()
        let white = GIFEncoder.Matte(red: 255, green: 255, blue: 255)
        let exactBytes = try GIFEncoder(matte: white, effort: .quick).encode(frames)
        let lossyBytes = try GIFEncoder(matte: white, effort: .quick, lossyQuality: 80).encode(frames)
        let thoroughBytes = try GIFEncoder(matte: white, lossyQuality: 80).encode(frames)
        XCTAssertLessThan(lossyBytes.count, exactBytes.count * 9 / 10, "lossy \(lossyBytes.count) B, exact \(exactBytes.count) B")
        let exact = try directory.write(exactBytes, to: "exact.gif")
        let lossy = try directory.write(lossyBytes, to: "lossy.gif")
        let thorough = try directory.write(thoroughBytes, to: "thorough.gif")
        for path in [lossy, thorough] {
            try check(path)
            // Unoptimizing decodes every image's LZW stream (gifsicle warns of any it cannot).
            let unoptimized = try ExternalTool.run("gifsicle", ["--unoptimize", path, "-o", directory.path("unoptimized.gif")])
            XCTAssertEqual(unoptimized.status, 0, unoptimized.errorText)
            XCTAssertEqual(unoptimized.errorText.trimmingCharacters(in: .whitespacesAndNewlines), "", "gifsicle's decoder complained")
            XCTAssertEqual(try Decoders.inspect(path).frames, 4)
        }
        let tolerance = GIFLossyLZW.tolerance(quality: 80)
        let (expected, decoded) = (try Fixtures.decodedFrames(exact, in: directory), try Fixtures.decodedFrames(lossy, in: directory))
        XCTAssertEqual(decoded.count, expected.count)
        var changed = 0
        for (want, got) in zip(expected, decoded) {
            XCTAssertEqual(want.count, got.count)
            for offset in stride(from: 0, to: min(want.count, got.count), by: 4) {
                let squared = (0 ..< 3).map { (Int(want[offset + $0]) - Int(got[offset + $0])) * (Int(want[offset + $0]) - Int(got[offset + $0])) }.reduce(0, +)
                XCTAssertLessThanOrEqual(squared, tolerance, "pixel \(offset / 4)")
                XCTAssertEqual(want[offset + 3], got[offset + 3], "alpha is never traded")
                if squared > 0 { changed += 1 }
            }
        }
        XCTAssertGreaterThan(changed, 0, "the lossy coder changed no pixel")
    }

    func testManyColoursAreQuantizedCloselyWithAMatte() throws {
        let frames = (0..<3).map { AnimationFrame(image: Fixtures.gradient(bar: $0 * 5), duration: FrameDuration(numerator: 1, denominator: 10)) }
        let directory = try TemporaryDirectory()
        let path = try directory.write(try GIFEncoder(loops: 1, matte: .init(red: 255, green: 255, blue: 255)).encode(frames), to: "gradient.gif")
        try check(path)
        let decoded = try Fixtures.decodedFrames(path, in: directory)
        for (index, frame) in frames.enumerated() {
            let largest = zip(decoded[index], frame.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(largest, 24, "frame \(index)")
        }
        XCTAssertNil(try Decoders.inspect(path).loop, "one play writes no NETSCAPE block")
    }

    func testLoopCountIsRepeatsAfterTheFirstPlay() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try GIFEncoder(loops: 3).encode(Fixtures.movingDisc(count: 3)), to: "three.gif")
        XCTAssertEqual(try Decoders.inspect(path).loop, 2)
    }

    func testFadedShapesSurviveWithoutAMatte() throws {
        let frames = Fixtures.movingDisc(count: 2, alpha: 51)  // 20 % opacity, like the capsules' trail
        let directory = try TemporaryDirectory()
        let path = try directory.write(try GIFEncoder().encode(frames), to: "faint.gif")
        let decoded = try Fixtures.decodedFrames(path, in: directory)
        let visible = stride(from: 3, to: decoded[0].count, by: 4).filter { decoded[0][$0] == 255 }.count
        let covered = stride(from: 3, to: frames[0].image.pixels.count, by: 4).filter { frames[0].image.pixels[$0] > 0 }.count
        XCTAssertGreaterThan(visible, covered / 10, "a 20 % shape keeps a stipple")
        XCTAssertLessThan(visible, covered / 3)
    }

    func testMatteBlendsEdgesIntoThePageColour() throws {
        let frames = Fixtures.movingDisc(count: 2, alpha: 128)
        let directory = try TemporaryDirectory()
        let path = try directory.write(try GIFEncoder(matte: .init(red: 0, green: 0, blue: 0)).encode(frames), to: "matte.gif")
        let decoded = try Fixtures.decodedFrames(path, in: directory)
        // The disc's middle: (200, 40, 90) at 50 % over black.
        let centre = (12 * 24 + 6) * 4
        XCTAssertEqual(Array(decoded[0][centre ..< centre + 4]), [100, 20, 45, 255])
    }
}
