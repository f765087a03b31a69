import SpinnerModel
@testable import SpinnerRaster

/// Two rasterizers of one APNG request's scene, for tests that hold a quicker way of
/// drawing to the way it replaced (the second is for the caller to set back), and the
/// request's frames.
struct RasterizerPair {
    let tried: SceneRasterizer
    let reference: SceneRasterizer
    let plan: FramePlan

    init(_ kind: String, _ query: [(String, String)]) throws {
        let request = try SpinnerRequest.parse(kind: kind, format: .apng, query: query.map { (name: $0.0, value: $0.1) })
        let scene = request.kind.scene(for: request)
        plan = try FramePlan(request: request, scene: scene, budget: .standard)
        tried = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
        reference = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
    }
}
