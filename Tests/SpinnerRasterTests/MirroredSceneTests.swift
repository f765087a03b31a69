import ExactTime
import ImageCodecs
import SpinnerModel
@testable import SpinnerRaster
import XCTest

/// `direction=reverse` draws the mirror image of the seed's motion: every frame of every
/// kind is its forward frame mirrored left to right, pixel for pixel (gradients, shadows
/// and a background with it).
final class MirroredSceneTests: XCTestCase {
    private let cases: [(String, [(String, String)])] = [
        ("circular", [("stroke", "15"), ("size", "64")]),
        ("circular", [("color", "linear-gradient(to right,red,blue)"), ("dropshadow", "4,2,2"), ("background", "radial-gradient(at 20% 30%,white,gray)")]),
        ("activity", [("size", "56")]),
        ("dots", [("count", "6")]),
        ("arc", [("color", "conic-gradient(from 90deg,orange,purple)")]),
        ("capsules", [("peak", "1")]),
    ]

    func testEveryReversedFrameIsTheForwardFrameMirrored() throws {
        for (kind, query) in cases {
            let forward = try RasterizerPair(kind, query)
            let reverse = try RasterizerPair(kind, query + [("direction", "reverse")])
            XCTAssertEqual(forward.plan.times, reverse.plan.times, kind)
            for time in forward.plan.times.prefix(12) {
                let mirrored = forward.tried.render(at: time).mirroredLeftToRight()
                XCTAssertEqual(reverse.tried.render(at: time), mirrored, "\(kind) \(query) at \(time) ms")
            }
        }
    }

    func testMirroringAnImageTwiceGivesItBack() {
        let pixels = (0 ..< 5 * 3 * 4).map { UInt8($0 * 7 % 256) }
        let image = RGBAImage(width: 5, height: 3, pixels: pixels)
        let mirrored = image.mirroredLeftToRight()
        XCTAssertEqual(mirrored.pixel(x: 0, y: 1), image.pixel(x: 4, y: 1))
        XCTAssertEqual(mirrored.pixel(x: 2, y: 2), image.pixel(x: 2, y: 2))
        XCTAssertNotEqual(mirrored, image)
        XCTAssertEqual(mirrored.mirroredLeftToRight(), image)
    }
}
