/// Limits on the work one request may cause, checked before any rendering
/// (imgproxy's rule: refuse early, with the limit in the message).
public struct RenderBudget: Hashable, Sendable {
    /// Longest seamless loop of a raster animation, in ms. Default 30 000 (30 s).
    public var maxLoopMilliseconds: Int
    /// Most frames in one animation. Default 1 800 (30 s at 60 fps).
    public var maxFrames: Int
    /// Widest (and tallest) image in pixels, `size × scale`. Default 4 096.
    public var maxPixelsPerSide: Int
    /// Most pixels × frames of one animation; the frames are held in memory as RGBA, so
    /// this bounds a render's memory at 4 bytes each. Default 40 000 000 (160 MB).
    public var maxPixelFrames: Int

    public init(maxLoopMilliseconds: Int = 30_000, maxFrames: Int = 1_800,
                maxPixelsPerSide: Int = 4_096, maxPixelFrames: Int = 40_000_000) {
        self.maxLoopMilliseconds = maxLoopMilliseconds
        self.maxFrames = maxFrames
        self.maxPixelsPerSide = maxPixelsPerSide
        self.maxPixelFrames = maxPixelFrames
    }

    /// The service's defaults.
    public static let standard = RenderBudget()
}
