import ImageCodecs
import SpinnerModel
import SpinnerRaster

extension SpinnerRenderer {
    /// The raster frames an animated request would encode, each with its exact duration
    /// (in seconds), before any encoder merges or crops them. For comparing our encoders
    /// with others (apngasm, gifsicle) on the very same frames.
    public func frames(_ request: SpinnerRequest) throws(RenderError) -> [AnimationFrame] {
        let scene = request.kind.scene(for: request)
        let plan: FramePlan
        do { plan = try FramePlan(request: request, scene: scene, budget: budget) } catch { throw .request(error) }
        do { return try rasterFrames(scene, plan) } catch { throw .raster(error) }
    }
}
