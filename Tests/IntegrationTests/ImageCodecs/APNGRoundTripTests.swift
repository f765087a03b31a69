import Foundation
@testable import ImageCodecs
import IntegrationSupport
import UnitSupport
import XCTest

/// APNG files decoded back by decoders nobody here wrote.
final class APNGRoundTripTests: XCTestCase {
    func testEveryFrameDecodesExactlyWithItsDelay() throws {
        let directory = try TemporaryDirectory()
        for alpha: UInt8 in [255, 140] {
            let frames = Fixtures.movingDisc(count: 6, alpha: alpha)
            let path = try directory.write(try APNGEncoder(loops: 0).encode(frames), to: "moving-\(alpha).apng")
            XCTAssertEqual(try ExternalTool.run("pngcheck", ["-q", path]).status, 0)
            let decoded = try Fixtures.decodedFrames(path, in: directory)
            XCTAssertEqual(decoded.count, frames.count)
            for (index, frame) in frames.enumerated() {
                XCTAssertEqual(decoded[index], frame.image.pixels, "frame \(index) at alpha \(alpha)")
            }
            let control = try Decoders.apngControl(path)
            XCTAssertEqual(control.frames.map(\.delay), Array(repeating: [1, 25], count: 6))
            XCTAssertTrue(control.frames.dropFirst().contains { $0.width < 24 }, "later frames should be cropped")
        }
    }

    func testRepeatedFramesMergeAndDurationsStayExact() throws {
        let still = Fixtures.disc(x: 8, y: 8)
        let moved = Fixtures.disc(x: 14, y: 8)
        let third = FrameDuration(numerator: 1, denominator: 3)
        let frames = [AnimationFrame(image: still, duration: third), AnimationFrame(image: still, duration: third),
                      AnimationFrame(image: moved, duration: third)]
        let directory = try TemporaryDirectory()
        let path = try directory.write(try APNGEncoder(loops: 3).encode(frames), to: "merged.apng")
        let control = try Decoders.apngControl(path)
        XCTAssertEqual(control.numFrames, 2)
        XCTAssertEqual(control.numPlays, 3)
        XCTAssertEqual(control.frames.map(\.delay), [[2, 3], [1, 3]])
        XCTAssertEqual(try Decoders.inspect(path).loop, 3)
    }

    func testOpaqueFramesDecodeExactly() throws {
        let frames = (0..<5).map { AnimationFrame(image: Fixtures.gradient(bar: $0 * 4), duration: FrameDuration(numerator: 1, denominator: 10)) }
        let directory = try TemporaryDirectory()
        let path = try directory.write(try APNGEncoder().encode(frames), to: "opaque.apng")
        XCTAssertEqual(try Fixtures.decodedFrames(path, in: directory), frames.map(\.image.pixels))
    }
}
