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
    /// How hard to work for a smaller file. Default `.thorough`.
    public let effort: EncoderEffort
    /// Largest output allowed, in bytes; beyond, encoding stops with an error.
    public let maxBytes: Int

    public init(loops: Int = 0, matte: Matte? = nil, effort: EncoderEffort = .thorough, maxBytes: Int = .max) {
        precondition(loops >= 0, "loops cannot be negative")
        self.loops = loops
        self.matte = matte
        self.effort = effort
        self.maxBytes = maxBytes
    }

    /// The GIF bytes of `frames` (at least one, all the same size), read once each and in
    /// order, so a source that draws on demand need never hold them all; `stop` is asked
    /// between frames.
    ///
    /// Held at once: each distinct frame reduced to 1-bit alpha (4 bytes a pixel, until it
    /// is mapped to the palette), and two frames of palette indices.
    public func encode(_ frames: some FrameSource, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        guard frames.count > 0 else { throw CodecError("no frames to encode") }
        let first = frames.image(at: 0)
        let (width, height) = (first.width, first.height)

        // 1-bit alpha first: frames that differ only in faint pixels become equal and merge.
        var reduced = MergedRuns<[UInt32], FrameDuration>(adding: +)
        for index in 0 ..< frames.count {
            try check(stop)
            let image = index == 0 ? first : frames.image(at: index)
            precondition(image.width == width && image.height == height, "frame sizes differ")
            reduced.append(GIFAlpha.reduce(image, matte: matte), lasting: frames.duration(at: index))
        }
        var runs = reduced.runs
        let schedule = GIFTiming.schedule(runs.map(\.duration))
        let palette = try GIFPalette(frames: schedule.map { runs[$0.frame].value })

        let writer = try GIFWriter(width: width, height: height, palette: palette.table)
        if loops != 1 { try writer.writeLoop(repeats: loops == 0 ? 0 : loops - 1) }
        var optimizer = GIFFrameOptimizer(width: width, height: height, palette: palette.table, effort: effort)
        // Frames equal once mapped to the palette merge too; a frame goes to the optimizer
        // once the next differs (its delay is complete).
        var pending: (indices: [UInt8], delay: Int)? = nil
        func emit(_ frame: (indices: [UInt8], delay: Int)) throws(CodecError) {
            if let image = try optimizer.add(frame.indices, delay: frame.delay) { try writer.write(image) }
            guard writer.byteCount <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        }
        for entry in schedule {
            try check(stop)
            let indices = palette.indices(of: runs[entry.frame].value)
            runs[entry.frame].value = []  // its reduced pixels are no longer needed
            if let waiting = pending, waiting.indices == indices {
                pending = (indices, waiting.delay + entry.delay)
                continue
            }
            if let waiting = pending { try emit(waiting) }
            pending = (indices, entry.delay)
        }
        if let waiting = pending { try emit(waiting) }
        if let last = try optimizer.finish() { try writer.write(last) }
        let bytes = try writer.finish()
        guard bytes.count <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        return bytes
    }

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}
