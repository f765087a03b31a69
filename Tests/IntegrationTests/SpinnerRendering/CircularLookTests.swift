import Foundation
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `circular` against its author's package and pictures, probed on PNG frames decoded by
/// Pillow: the nineties gradient fixed to the puck's own frame, the ring's proportion at
/// the natural size, and the bubbled puck's inner-shadow cross-section.
final class CircularLookTests: XCTestCase {
    private func png(_ query: [(String, String)]) throws -> DecodedPixels {
        let request = try SpinnerRequest.parse(kind: "circular", format: .png, query: query.map { (name: $0.0, value: $0.1) })
        let directory = try TemporaryDirectory()
        return try Decoders.pixels(try directory.write(try SpinnerRenderer().render(request).bytes, to: "circular.png"))
    }

    /// Share of purple in a colour on the red → purple line: 0 is systemRed, 1 systemPurple.
    private func purpleShare(_ pixel: (red: Double, green: Double, blue: Double, alpha: Double)) -> Double {
        let red = SystemColor.systemRed.resolved(for: .light).bytes, purple = SystemColor.systemPurple.resolved(for: .light).bytes
        let axis = [Double(purple.red) - Double(red.red), Double(purple.green) - Double(red.green), Double(purple.blue) - Double(red.blue)]
        let offset = [pixel.red - Double(red.red), pixel.green - Double(red.green), pixel.blue - Double(red.blue)]
        return zip(axis, offset).map(*).reduce(0, +) / axis.map { $0 * $0 }.reduce(0, +)
    }

    /// The package's rule: the circle trimmed from 0 (at 12 o'clock after its −90°
    /// rotation) to the puck's length, painted purple (leading edge of the view) → red
    /// (trailing edge), which the rotation turns into bottom → top. A point φ degrees
    /// clockwise from the trim's start, on the centre line of radius r in a box of n
    /// points, is `1 − (0.5 + r/n·cos φ)` purple, whatever the puck's angle.
    func testTheNinetiesGradientIsFixedToThePucksOwnFrame() throws {
        let scale = 4.0, natural = 60.0, stroke = 10.0
        let radius = (natural - stroke) / 2
        // t = 0: the short puck (36°) with its trailing end at −18°; t = 1.75 s: the long
        // puck (306°) with its trailing end at 720° − 153° = 567°.
        for (time, trailing, length) in [("0", -18.0, 36.0), ("1.75", 567.0, 306.0)] {
            let image = try png([("style", "nineties"), ("scale", "4"), ("t", time)])
            for (name, phi) in [("trailing", 2.0), ("middle", length / 2), ("leading", length - 2)] {
                let angle = (trailing + phi) * .pi / 180
                let x = (natural / 2 + radius * sin(angle)) * scale, y = (natural / 2 - radius * cos(angle)) * scale
                let pixel = image.rgba(x: x, y: y)
                let expected = 1 - (0.5 + radius / natural * cos(phi * .pi / 180))
                XCTAssertEqual(pixel.alpha, 255, "t=\(time) \(name): the puck is opaque there")
                XCTAssertEqual(purpleShare(pixel), expected, accuracy: 0.04,
                               "t=\(time) \(name) end (φ = \(phi)°): purple share, pixel \(pixel)")
            }
        }
    }

    /// The author's stills and GIF show the package preview at diameter 60 with the default
    /// stroke 10: the ring is a sixth of the outer diameter.
    func testTheRingIsASixthOfTheDiameterAtTheNaturalSize() throws {
        let image = try png([("scale", "4")])
        XCTAssertEqual(image.width, 240, "natural size 60 at scale 4")
        let column = Double(image.width) / 2 + 0.5
        // From the bottom edge (the track, away from the puck at t = 0) up to the hole.
        let covered = (0 ..< image.height / 2).filter { row in image.rgba(x: column, y: Double(image.height - 1 - row)).alpha >= 128 }
        let thickness = Double(covered.count)
        let row = Double(image.height) / 2 + 0.5
        let across = (0 ..< image.width).filter { image.rgba(x: Double($0), y: row).alpha >= 128 }
        let diameter = Double((across.last ?? 0) - (across.first ?? 0) + 1)
        XCTAssertEqual(diameter, 240, accuracy: 1)
        XCTAssertEqual(thickness / diameter, 1.0 / 6, accuracy: 0.005, "ring \(thickness) px of \(diameter) px")
    }

    /// The cross-section of the author's `bubbledForeground` still (155 × 155, 1.92 px a
    /// point), read through the puck's middle at 12 o'clock from its outer edge inwards
    /// (x = 77, y = 18…36 of `bubbledForeground.jpg`), against spinnerd's at the same scale.
    static let stillProfile: [Double] = [183, 193, 202, 205, 215, 219, 225, 228, 231, 231, 230, 229, 225, 221, 214, 208, 202, 190, 172]

    func testTheBubbledInnerShadowFollowsTheAuthorsStill() throws {
        let image = try png([("style", "bubbledForeground"), ("scale", "1.92")])
        let column = Double(image.width) / 2
        guard let edge = (0 ..< image.height).first(where: { image.rgba(x: column, y: Double($0)).alpha >= 128 }) else {
            return XCTFail("no puck at 12 o'clock")
        }
        let profile = Self.stillProfile.indices.map { image.rgba(x: column, y: Double(edge + $0)).green }
        let differences = zip(profile, Self.stillProfile).map { abs($0 - $1) }
        // JPEG noise and a half-pixel of placement: every sample within 12 levels, on average within 4.
        XCTAssertLessThanOrEqual(differences.max() ?? 255, 12, "spinnerd \(profile) vs still \(Self.stillProfile)")
        XCTAssertLessThanOrEqual(differences.reduce(0, +) / Double(differences.count), 4, "spinnerd \(profile) vs still \(Self.stillProfile)")
        // Darker at the edges than at the centre, as the still is.
        XCTAssertLessThan(profile[1], profile[9] - 20)
    }
}
