import ExactTime
import ImageCodecs
import SpinnerModel
@testable import SpinnerRaster
import XCTest

/// What stands still in a scene (a background, circular's track) is drawn once a render
/// and copied into every frame (`SceneRasterizer.Still`), its snapshot reused where a frame
/// left it alone (`CairoCanvas.snapshot(paintColors:over:)`): every frame's bytes are what
/// drawing it whole gives.
final class StillLayerTests: XCTestCase {
    /// (kind, query, leading commands expected kept; nil: nothing kept).
    private let cases: [(String, [(String, String)], Int?)] = [
        ("circular", [("size", "64")], 1),
        ("circular", [("background", "radial-gradient(white,gray)"), ("color", "linear-gradient(red,blue)")], 1),
        ("circular", [("shadow", "3"), ("trackdropshadow", "3"), ("theme", "dark")], 1),
        ("circular", [("track", "conic-gradient(white,black)")], 1),
        // Translucent tracks and their edges: the still's snapshot is reused where the frame
        // left it alone, and settled again where the puck passed or no paint colour matched.
        ("circular", [("style", "bubbledForeground"), ("size", "96"), ("scale", "2")], 1),
        ("circular", [("style", "nineties"), ("track", "8e8e9380"), ("theme", "dark"), ("direction", "reverse")], 1),
        ("circular", [("style", "accent"), ("track", "radial-gradient(ff000040,0000ff)"), ("background", "ffffff80")], 1),
        ("dots", [("background", "f2f2f7")], 0),
        ("dots", [], nil),
        ("arc", [("background", "linear-gradient(white,black)")], 0),
        ("capsules", [("theme", "dark")], nil),
        ("activity", [("background", "000000")], 0),
    ]

    func testEveryFrameIsWhatDrawingItWholeGives() throws {
        for (kind, query, kept) in cases {
            let pair = try RasterizerPair(kind, query)
            let (quick, whole, plan) = (pair.tried, pair.reference, pair.plan)
            whole.keepsStill = false
            let label = "\(kind) \(query)"
            for (index, time) in plan.times.enumerated() {
                XCTAssertEqual(quick.render(at: time), whole.render(at: time), "\(label): frame \(index)")
            }
            XCTAssertEqual(quick.stillCommandCount, kept, label)
            XCTAssertNil(whole.stillCommandCount, label)
        }
    }

    /// A frame whose leading commands differ from the kept ones (here, frames asked out of
    /// order, and one a quarter loop in) is drawn whole, not from the kept pixels.
    func testAFrameThatDoesNotStartWithTheKeptCommandsIsDrawnWhole() throws {
        let request = try SpinnerRequest.parse(kind: "circular", format: .apng,
                                               query: [(name: "size", value: "48"), (name: "trackdropshadow", value: "2")])
        let scene = request.kind.scene(for: request)
        let (quick, whole) = (try SceneRasterizer(scene: scene, pixelSize: 48), try SceneRasterizer(scene: scene, pixelSize: 48))
        whole.keepsStill = false
        for time in [0, 875, 3000, 1, 1750, 2625].map({ Rational($0) }) {
            XCTAssertEqual(quick.render(at: time), whole.render(at: time), "t=\(time)")
        }
    }
}
