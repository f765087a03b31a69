import ImageCodecs
import SpinnerModel
import SpinnerRaster

/// The planned frames of a scene, drawn when an encoder asks for each: nothing is held
/// between requests, so an encoder that reads every frame once keeps none of them alive.
struct DrawnFrames: FrameSource {
    private let rasterizer: SceneRasterizer
    private let plan: FramePlan
    private let durations: [Rational]

    init(scene: Scene, plan: FramePlan) throws(RasterError) {
        rasterizer = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
        self.plan = plan
        durations = plan.durations
    }

    var count: Int { plan.times.count }

    func duration(at index: Int) -> FrameDuration {
        FrameDuration(numerator: durations[index].numerator, denominator: durations[index].denominator * 1000)
    }

    func image(at index: Int) -> RGBAImage {
        rasterizer.render(at: plan.times[index])
    }
}
