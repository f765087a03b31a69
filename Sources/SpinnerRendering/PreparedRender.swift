import ImageCodecs
import SpinnerModel

/// A render planned once, before any pixel: the request, its scene, its frames within the
/// budget, and what it will cost (time, memory, encoder effort). Made by
/// `SpinnerRenderer.prepare`, which refuses what the budget does not admit; handed to a
/// render thread and drawn by `SpinnerRenderer.render(_:stop:timings:)`.
public struct PreparedRender: Sendable {
    /// What was asked.
    public let request: SpinnerRequest
    /// The picture, in the theme the request is drawn in.
    let scene: Scene
    /// The other theme's picture, for a file that holds both: the dark one for an SVG with
    /// `theme=auto` (its colours go under `prefers-color-scheme: dark`), and for a dotLottie
    /// file the theme it is not drawn in (its other theme's colours); nil otherwise.
    let otherThemeScene: Scene?
    /// The frames: pixel size and model times.
    let plan: FramePlan
    /// Time, memory and encoder effort.
    public let estimate: RenderEstimate
    /// Which encode this render makes. Default `.final`.
    public internal(set) var pass: RenderPass = .final
    /// The estimate of this image's provisional encode, when it has one worth making
    /// (`SpinnerRenderer.provisional(of:)`); nil otherwise.
    let provisionalEstimate: RenderEstimate?
    /// True for a kind's default APNG compressed exhaustively (zopfli: `SpinnerRenderer.exhaustive(_:)`).
    public internal(set) var deflatesExhaustively = false
    /// True for a final encode made behind its provisional answer
    /// (`SpinnerRenderer.behindProvisional(_:)`): a WebP then searches longer.
    public internal(set) var encodesBehind = false
}
