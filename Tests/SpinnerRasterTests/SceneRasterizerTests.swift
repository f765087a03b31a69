import ExactTime
import ImageCodecs
import SpinnerModel
import SpinnerRaster
import XCTest

final class SceneRasterizerTests: XCTestCase {
    private func render(_ kind: String, _ query: [(name: String, value: String)], at milliseconds: Int) throws -> RGBAImage {
        let request = try SpinnerRequest.parse(kind: kind, format: .png, query: query)
        let plan = try FramePlan(request: request, scene: request.kind.scene(for: request), budget: .standard)
        return try SceneRasterizer(scene: request.kind.scene(for: request), pixelSize: plan.pixelSize)
            .render(at: Rational(milliseconds))
    }

    func testSizeTimesScaleGivesThePixelSize() throws {
        let image = try render("arc", [("size", "30"), ("scale", "2.5")], at: 0)
        XCTAssertEqual(image.width, 75)
        XCTAssertEqual(image.height, 75)
    }

    func testBackgroundFillsEveryPixel() throws {
        let image = try render("dots", [("background", "#102030")], at: 300)
        XCTAssertEqual(image.pixel(x: 0, y: 0).word, 0x1020_30FF)
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    func testTransparentCornersAndOpaqueStroke() throws {
        let image = try render("circular", [("style", "accent")], at: 0)
        XCTAssertEqual(image.pixel(x: 0, y: 0).word, 0)
        // 12 o'clock at t = 0 is the blue puck: the ring's centre line is 5 px below the top.
        XCTAssertEqual(image.pixel(x: 30, y: 5).word, 0x007A_FFFF)
        // 6 o'clock is the gray track.
        XCTAssertEqual(image.pixel(x: 30, y: 55).word, 0xC7C7_CCFF)
    }

    func testFrameAtTimeZeroEqualsFrameOneLoopLater() throws {
        for (kind, loop) in [("circular", 3500), ("activity", 1000), ("dots", 6000), ("arc", 1000), ("capsules", 1500)] {
            XCTAssertEqual(try render(kind, [], at: 0), try render(kind, [], at: loop), kind)
        }
    }

    func testEdgesOfASolidShapeKeepItsColour() throws {
        // Every partly transparent pixel of a single-colour spinner on transparency has that colour.
        let image = try render("activity", [("color", "#3366cc"), ("size", "56")], at: 0)
        for offset in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[offset + 3] > 0 {
            XCTAssertEqual(Array(image.pixels[offset ..< offset + 3]), [0x33, 0x66, 0xCC])
        }
    }
}
