/// Encodes frames and their durations as an animated GIF through giflib: one global
/// palette, a NETSCAPE2.0 loop block, a graphic control extension per frame, frames
/// cropped and made transparent where unchanged (`GIFFrameOptimizer`), delays in whole
/// centiseconds that sum to the total (`GIFTiming`).
public struct GIFEncoder: Sendable {
    /// The page colour that semi-transparent pixels are blended into.
    public struct Matte: Hashable, Sendable {
        public let red: UInt8, green: UInt8, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            (self.red, self.green, self.blue) = (red, green, blue)
        }
    }

    /// How many times the animation plays; 0 forever. GIF stores repeats after the first
    /// play, so 1 writes no loop block and N writes N − 1 (what browsers expect).
    public let loops: Int
    /// Blend edges into this colour; nil cuts them at 50 % opacity.
    public let matte: Matte?

    public init(loops: Int = 0, matte: Matte? = nil) {
        precondition(loops >= 0, "loops cannot be negative")
        self.loops = loops
        self.matte = matte
    }

    /// The GIF bytes of `frames` (at least one, all the same size).
    public func encode(_ frames: [AnimationFrame]) throws(CodecError) -> [UInt8] {
        guard let first = frames.first else { throw CodecError("no frames to encode") }
        let (width, height) = (first.image.width, first.image.height)

        // 1-bit alpha first: frames that differ only in faint pixels become equal and merge.
        var reduced = MergedRuns<[UInt32], FrameDuration>(adding: +)
        for frame in frames { reduced.append(GIFAlpha.reduce(frame.image, matte: matte), lasting: frame.duration) }
        let schedule = GIFTiming.schedule(reduced.runs.map(\.duration))
        let kept = schedule.map { reduced.runs[$0.frame].value }
        let palette = try GIFPalette(frames: kept)

        var indexed = MergedRuns<[UInt8], Int>(adding: +)
        for (pixels, entry) in zip(kept, schedule) { indexed.append(palette.indices(of: pixels), lasting: entry.delay) }

        let optimizer = GIFFrameOptimizer(width: width, height: height, palette: palette.table)
        let images = try optimizer.images(for: indexed.runs.map(\.value), delays: indexed.runs.map(\.duration))
        let writer = try GIFWriter(width: width, height: height, palette: palette.table)
        if loops != 1 { try writer.writeLoop(repeats: loops == 0 ? 0 : loops - 1) }
        for image in images { try writer.write(image) }
        return try writer.finish()
    }
}
