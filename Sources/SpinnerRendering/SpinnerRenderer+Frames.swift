import ImageCodecs
import SpinnerModel
import SpinnerRaster

extension SpinnerRenderer {
    /// The raster frames an animated request would encode, each with its exact duration
    /// (in seconds), before any encoder merges or crops them. For comparing our encoders
    /// with others (apngasm, gifsicle) on the very same frames.
    public func frames(_ request: SpinnerRequest) throws(RenderError) -> [AnimationFrame] {
        let prepared: PreparedRender
        do { prepared = try prepare(request) } catch { throw .request(error) }
        return try rasterFrames(prepared.scene, prepared.plan)
    }
}
