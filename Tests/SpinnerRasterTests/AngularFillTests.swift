import ExactTime
import ImageCodecs
import SpinnerModel
@testable import SpinnerRaster
import XCTest

/// Angular gradients are coloured only where a shape covers (`AngularFill`), one colour
/// per 2° slice as Cairo's mesh of 180 slices drew them: every frame stays within a stated
/// tolerance of the mesh's, per channel of the premultiplied pixels.
final class AngularFillTests: XCTestCase {
    /// (kind, query, the largest channel difference allowed, the share of pixels allowed
    /// past 2/255). Arc's default: the slices' colours alike within rounding. A six-colour
    /// rainbow: a slice's colour is taken at its middle where the mesh's varied across it
    /// (up to one slice's step, 8.5/255 here: most of the stroke's pixels, 15 % of the
    /// canvas's). A hard seam (white meets black at 12
    /// o'clock) may move by a pixel.
    private let cases: [(String, [(String, String)], Int, Double)] = [
        ("arc", [], 2, 0),
        ("arc", [("theme", "dark"), ("stroke", "12"), ("size", "100")], 2, 0),
        ("circular", [("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)")], 10, 0.20),
        ("circular", [("color", "conic-gradient(from 45deg,red,blue)"), ("track", "conic-gradient(white,black)")], 255, 0.005),
        ("circular", [("color", "conic-gradient(red,blue)"), ("dropshadow", "4"), ("size", "100")], 255, 0.005),
    ]

    func testFramesStayWithinTheirToleranceOfTheMesh() throws {
        for (kind, query, largest, share) in cases {
            let pair = try RasterizerPair(kind, query)
            let (fill, mesh, plan) = (pair.tried, pair.reference, pair.plan)
            mesh.drawsAngularByMesh = true
            var (worst, past, pixels) = (0, 0, 0)
            for time in plan.times {
                let (a, b) = (fill.render(at: time), mesh.render(at: time))
                for index in stride(from: 0, to: a.pixels.count, by: 4) {
                    var difference = abs(Int(a.pixels[index + 3]) - Int(b.pixels[index + 3]))
                    for channel in 0 ..< 3 {
                        let premultiplied = { (image: RGBAImage) in Int(image.pixels[index + channel]) * Int(image.pixels[index + 3]) / 255 }
                        difference = max(difference, abs(premultiplied(a) - premultiplied(b)))
                    }
                    worst = max(worst, difference)
                    if difference > 2 { past += 1 }
                    pixels += 1
                }
            }
            let label = "\(kind) \(query)"
            XCTAssertLessThanOrEqual(worst, largest, label)
            XCTAssertLessThanOrEqual(Double(past) / Double(pixels), share, "\(label): \(past) of \(pixels) pixels past 2/255")
        }
    }

    /// Where no angular gradient is drawn, nothing changes: the two ways draw the same bytes.
    func testOtherPaintsAreUntouched() throws {
        let request = try SpinnerRequest.parse(kind: "circular", format: .png,
                                               query: [(name: "color", value: "linear-gradient(red,blue)"), (name: "shadow", value: "3")])
        let scene = request.kind.scene(for: request)
        let (fill, mesh) = (try SceneRasterizer(scene: scene, pixelSize: 60), try SceneRasterizer(scene: scene, pixelSize: 60))
        mesh.drawsAngularByMesh = true
        XCTAssertEqual(fill.render(at: Rational(700)), mesh.render(at: Rational(700)))
    }
}
