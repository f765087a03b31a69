@testable import ImageCodecs
import IntegrationSupport
import UnitSupport
import XCTest

/// PNG files checked by pngcheck and decoded back by Pillow.
final class PNGRoundTripTests: XCTestCase {
    private func roundTrip(_ image: RGBAImage) throws -> (decoded: [UInt8], bytes: [UInt8]) {
        let directory = try TemporaryDirectory()
        let bytes = try PNGEncoder.encode(image)
        let path = try directory.write(bytes, to: "image.png")
        let check = try ExternalTool.run("pngcheck", ["-q", path])
        XCTAssertEqual(check.status, 0, check.outputText + check.errorText)
        let decoded = try ExternalTool.run("python3", Repository.imageTool + ["rgba", path])
        XCTAssertEqual(decoded.status, 0, decoded.errorText)
        return ([UInt8](decoded.output), bytes)
    }

    func testTranslucentShapeDecodesToTheSamePixels() throws {
        let image = Fixtures.disc(x: 10, y: 12)
        XCTAssertEqual(try roundTrip(image).decoded, image.pixels)
    }

    func testTwoColourImageUsesAOneBitPalette() throws {
        var pixels = [UInt8]()
        for index in 0..<(64 * 64) { pixels += (index / 64 + index % 64) % 7 == 0 ? [20, 30, 200, 255] : [250, 250, 250, 255] }
        let image = RGBAImage(width: 64, height: 64, pixels: pixels)
        let result = try roundTrip(image)
        XCTAssertEqual(result.decoded, image.pixels)
        XCTAssertEqual(result.bytes[24], 1, "bit depth")
        XCTAssertEqual(result.bytes[25], 3, "colour type palette")
    }

    func testManyColourImagesDecodeToTheSamePixels() throws {
        let opaque = Fixtures.gradient(bar: 3)
        XCTAssertEqual(try roundTrip(opaque).decoded, opaque.pixels)
        var translucent = opaque
        for index in stride(from: 3, to: translucent.pixels.count, by: 4) { translucent.pixels[index] = UInt8(index % 251) }
        for index in stride(from: 0, to: translucent.pixels.count, by: 4) where translucent.pixels[index + 3] == 0 {
            translucent.pixels[index] = 0; translucent.pixels[index + 1] = 0; translucent.pixels[index + 2] = 0
        }
        XCTAssertEqual(try roundTrip(translucent).decoded, translucent.pixels)
    }

    func testGrayImageDecodesToTheSamePixels() throws {
        var pixels = [UInt8]()
        for value in 0..<(20 * 20) { let gray = UInt8(value % 256); pixels += [gray, gray, gray, 255] }
        let image = RGBAImage(width: 20, height: 20, pixels: pixels)
        let result = try roundTrip(image)
        XCTAssertEqual(result.decoded, image.pixels)
    }
}
