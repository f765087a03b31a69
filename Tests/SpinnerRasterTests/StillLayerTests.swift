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

    /// Rasterizers sharing one render's still (`SharedStill`: a thread's and a batch's
    /// canvases), handed frames as two workers take them, draw every frame as drawing it
    /// whole does; the one that came later takes up the still the first worked out.
    func testRasterizersSharingAStillDrawEveryFrameAsDrawingItWhole() throws {
        for (kind, query) in [("circular", [("size", "40"), ("scale", "2"), ("style", "bubbledForeground")]),
                              ("arc", [("background", "linear-gradient(white,black)")]), ("dots", [])] {
            let request = try SpinnerRequest.parse(kind: kind, format: .apng, query: query.map { (name: $0.0, value: $0.1) })
            let scene = request.kind.scene(for: request)
            let plan = try FramePlan(request: request, scene: scene, budget: .standard)
            let shared = SharedStill()
            let first = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize, still: shared)
            let whole = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
            whole.keepsStill = false
            var later: SceneRasterizer? = nil
            for (index, time) in plan.times.enumerated() {
                // The first draws frames 0–3 alone; then a second (a new batch's) joins, and
                // they take the frames in turn.
                if index == 4 { later = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize, still: shared) }
                let drawer = index >= 4 && index % 2 == 1 ? later ?? first : first
                XCTAssertEqual(drawer.render(at: time), whole.render(at: time), "\(kind) \(query): frame \(index)")
                // After one frame of its own, the later one holds the first one's still
                // (working it out alone takes two).
                if index == 5 { XCTAssertEqual(later?.stillCommandCount, first.stillCommandCount, "\(kind): taken up") }
            }
        }
    }
}
