/// How one APNG frame is stored, as the optimiser chose: the region it redraws, how it
/// combines with what is there, and what happens to its region after it shows.
struct APNGFrameChoice {
    /// `dispose_op`: what the frame's region becomes before the next frame.
    enum Dispose: UInt8 {
        /// Left as drawn.
        case none = 0
        /// Cleared to transparent black.
        case background = 1
        /// Restored to what it was before this frame.
        case previous = 2
    }

    /// `blend_op`: how the frame's pixels combine with the canvas.
    enum Blend: UInt8 {
        /// Replace the region's pixels.
        case source = 0
        /// Composite over them (transparent pixels keep what is there).
        case over = 1
    }

    /// The redrawn region.
    var rect: PixelRect
    /// How the frame is combined.
    var blend: Blend
    /// The frame's pixel codes over the whole canvas, with unchanged pixels made
    /// transparent when blending over; only `rect` is written.
    var codes: [UInt32]
    /// Set when the next frame is chosen.
    var dispose: Dispose = .none
    /// Size of the frame's data by the quick deflate that compared candidates.
    var estimatedSize: Int = 0
}
