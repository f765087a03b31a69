/// Limits on the work one request may cause, checked before any rendering
/// (imgproxy's rule: refuse early, with the limit in the message).
public struct RenderBudget: Hashable, Sendable {
    /// Longest seamless loop of a raster animation, in ms. Default 30 000 (30 s).
    public var maxLoopMilliseconds: Int
    /// Most frames in one animation. Default 1 800 (30 s at 60 fps).
    public var maxFrames: Int
    /// Widest (and tallest) image in pixels, `size × scale`. Default 4 096.
    public var maxPixelsPerSide: Int
    /// Most pixels × frames of one animation; encoders hold at most one 4-byte copy of
    /// every distinct frame, so this bounds a render's memory. Default 32 000 000 (128 MB).
    public var maxPixelFrames: Int
    /// Longest render, in seconds of one core, as the cost model estimates it before any
    /// work (`RenderCostModel`, whose rates carry a margin of 1.2). Default 1.8, so the
    /// costliest admissible render ends within 2 s.
    public var maxRenderSeconds: Double
    /// Largest encoded image in bytes; a render that would pass it stops. Default 16 MiB.
    public var maxOutputBytes: Int
    /// Most memory a render may need at its peak, process included, as the cost model
    /// estimates it. Default 240 MiB (the process stays under 256 MiB while it renders).
    public var maxRenderBytes: Int

    public init(maxLoopMilliseconds: Int = 30_000, maxFrames: Int = 1_800,
                maxPixelsPerSide: Int = 4_096, maxPixelFrames: Int = 32_000_000, maxRenderSeconds: Double = 1.8,
                maxOutputBytes: Int = 16 << 20, maxRenderBytes: Int = 240 << 20) {
        self.maxLoopMilliseconds = maxLoopMilliseconds
        self.maxFrames = maxFrames
        self.maxPixelsPerSide = maxPixelsPerSide
        self.maxPixelFrames = maxPixelFrames
        self.maxRenderSeconds = maxRenderSeconds
        self.maxOutputBytes = maxOutputBytes
        self.maxRenderBytes = maxRenderBytes
    }

    /// The service's defaults.
    public static let standard = RenderBudget()
}
