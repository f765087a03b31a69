@testable import ImageCodecs
import XCTest

/// The layouts of an animation come from the colours of every frame, counted frame by
/// frame on every core and merged: they must be those of all its pixels counted at once.
final class ColorCensusTests: XCTestCase {
    /// `count` frames of `width` × 2 pixels; frame `index`'s pixels by `color(index, pixel)`.
    private func frames(_ count: Int, width: Int, _ color: (Int, Int) -> [UInt8]) -> [RGBAImage] {
        (0 ..< count).map { index in
            RGBAImage(width: width, height: 2, pixels: (0 ..< width * 2).flatMap { color(index, $0) })
        }
    }

    /// The frames one above the other in one image.
    private func stacked(_ frames: [RGBAImage]) -> RGBAImage {
        RGBAImage(width: frames[0].width, height: frames.count * frames[0].height, pixels: frames.flatMap(\.pixels))
    }

    func testPaletteOfManyFramesIsThatOfTheFramesStackedIntoOneImage() {
        // 21 frames (more than one group of frames counted at once), 56 colours whose counts
        // differ (frames repeat every 5), so the palette order depends on every frame.
        let animation = frames(21, width: 6) { index, pixel in
            pixel == 0 ? [0, 0, 0, 0] : [UInt8(index % 5 * 12), UInt8(pixel * 20), 40, pixel % 2 == 0 ? 255 : 128]
        }
        let layouts = PNGPixelLayout.candidates(for: animation, animated: true)
        XCTAssertEqual(layouts.first?.colorType, .palette)
        XCTAssertEqual(layouts, PNGPixelLayout.candidates(for: [stacked(animation)], animated: true))
    }

    func testManyPartlyClearColoursGiveRGBAAsForTheStackedImage() {
        // 300 colours reached in the 13th frame, partly transparent, not gray: only RGBA holds them.
        let animation = frames(40, width: 12) { index, pixel in [UInt8(index), UInt8(pixel), 7, 200] }
        let layouts = PNGPixelLayout.candidates(for: animation, animated: true)
        XCTAssertEqual(layouts.map(\.colorType), [.rgba])
        XCTAssertEqual(layouts, PNGPixelLayout.candidates(for: [stacked(animation)], animated: true))
    }

    func testGrayFramesKeepTheirGrayLayoutsAcrossGroups() {
        let animation = frames(19, width: 5) { index, pixel in
            let gray = UInt8((index * 5 + pixel) % 256)
            return [gray, gray, gray, 255]
        }
        let layouts = PNGPixelLayout.candidates(for: animation, animated: true)
        XCTAssertTrue(layouts.contains { $0.colorType == .gray })
        XCTAssertEqual(layouts, PNGPixelLayout.candidates(for: [stacked(animation)], animated: true))
    }
}
