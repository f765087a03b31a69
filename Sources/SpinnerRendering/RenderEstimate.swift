import ImageCodecs
import SpinnerModel

/// What a render will cost, known from the validated request before any pixel is drawn:
/// the frames it plans and the time it should take on one core, from a per-format model
/// calibrated on this machine (`RenderCostModel`).
public struct RenderEstimate: Hashable, Sendable {
    /// The output format.
    public let format: OutputFormat
    /// Width and height of each frame in pixels.
    public let pixelSize: Int
    /// Frames planned (before encoders merge identical ones).
    public let frames: Int
    /// How hard the encoder works: decided with the estimate (`RenderCostModel.estimate`), once.
    public let effort: EncoderEffort
    /// Pixels × frames.
    public var pixelFrames: Int { pixelSize * pixelSize * frames }
    /// Expected seconds of one core: what the budget's `maxRenderSeconds` bounds.
    public internal(set) var seconds: Double
    /// Expected peak memory of the process while it renders, in bytes: what the budget's
    /// `maxRenderBytes` bounds.
    public internal(set) var peakBytes: Int
    /// What the render adds to the process's memory at its peak, in bytes: `peakBytes`
    /// less the process's own (`RenderCostModel.processBytes`); 0 for SVG, Lottie and dotLottie.
    /// What a render takes from the memory gate under a memory limit.
    public var workingBytes: Int { max(0, peakBytes - RenderCostModel.processBytes) }
    /// The most bytes of rows an APNG can store: every frame whole in RGBA with a filter
    /// byte a row (palettes, grey and cropping only make them fewer).
    public var rowBytesAtMost: Int { pixelSize * (pixelSize * 4 + 1) * frames }
    /// The deflate an APNG's rows get (priced in `seconds`); nil for the other formats.
    public internal(set) var apngDeflate: APNGDeflatePlan?
}
