import ExactTime
import ImageCodecs
import SpinnerModel
import SpinnerRaster

/// The planned frames of a scene, drawn when an encoder asks for each: nothing is held
/// between requests, so an encoder that reads every frame once keeps none of them alive.
/// Each reader has its own Cairo canvas, so frames can be drawn on every core.
final class DrawnFrames: FrameSource {
    private let scene: Scene
    private let plan: FramePlan
    private let durations: [Rational]
    private let timings: PhaseTimes
    /// What stands still, worked out once for every reader.
    private let still = SharedStill()

    /// Frames of `scene` as `plan` says; fails as drawing would (a canvas is made to check).
    init(scene: Scene, plan: FramePlan, timings: PhaseTimes = .off) throws(RasterError) {
        _ = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
        self.scene = scene
        self.plan = plan
        self.timings = timings
        durations = plan.durations
    }

    var count: Int { plan.times.count }

    func duration(at index: Int) -> FrameDuration {
        FrameDuration(milliseconds: durations[index])
    }

    func reader() -> Reader {
        Reader(canvas: Result { () throws(RasterError) in try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize, still: still) },
               times: plan.times, timings: timings)
    }

    /// One thread's canvas.
    struct Reader: FrameReader {
        let canvas: Result<SceneRasterizer, RasterError>
        let times: [Rational]
        let timings: PhaseTimes

        func image(at index: Int) throws(CodecError) -> RGBAImage {
            guard case .success(let rasterizer) = canvas else { throw CodecError("no canvas to draw on: \(canvas)") }
            return timings.measure(.draw) { rasterizer.render(at: times[index]) }
        }
    }
}
