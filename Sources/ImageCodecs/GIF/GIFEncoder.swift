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
    /// Where the time goes, phase by phase. Default `.off`.
    public let timings: PhaseTimes

    /// Lossy (1–99): the frames' opaque colours, once reduced to 1-bit alpha, mapped to a
    /// palette chosen at that quality (`PaletteQuantizer`); nil (the default) keeps every
    /// colour up to 255 exactly. Quantized after the alpha is settled, so which pixels
    /// are clear stays what the lossless file has (quantizing the RGBA frames first made
    /// faint edge pixels flicker clear and opaque, which forced whole frames to be redrawn).
    public let lossyQuality: Int?

    public init(loops: Int = 0, matte: Matte? = nil, effort: EncoderEffort = .thorough, lossyQuality: Int? = nil,
                maxBytes: Int = .max, timings: PhaseTimes = .off) {
        precondition(loops >= 0, "loops cannot be negative")
        precondition(lossyQuality.map { (1 ... 99).contains($0) } ?? true, "lossy quality is 1–99")
        self.lossyQuality = lossyQuality
        self.loops = loops
        self.matte = matte
        self.effort = effort
        self.maxBytes = maxBytes
        self.timings = timings
    }

    /// The GIF bytes of `frames` (at least one, all the same size), each read once, over
    /// all the cores, and reduced to 1-bit alpha as soon as it is drawn; `stop` is asked
    /// between frames.
    ///
    /// Held at once: each frame reduced to 1-bit alpha (4 bytes a pixel, until it is mapped
    /// to the palette), and two frames of palette indices.
    public func encode<Frames: FrameSource>(_ frames: Frames, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        guard frames.count > 0 else { throw CodecError("no frames to encode") }
        let (matte, timings) = (matte, timings)
        // 1-bit alpha first: frames that differ only in faint pixels become equal and merge.
        let drawn = try Parallel.map(frames.count, state: { frames.reader() }) {
            (index, reader: inout Frames.Reader) throws(CodecError) -> (pixels: [GIFPixel], width: Int, height: Int) in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            let image = try reader.image(at: index)
            return (timings.measure(.reduce) { GIFAlpha.reduce(image, matte: matte) }, image.width, image.height)
        }
        let (width, height) = (drawn[0].width, drawn[0].height)
        precondition(drawn.allSatisfy { $0.width == width && $0.height == height }, "frame sizes differ")
        let durations = (0 ..< frames.count).map { frames.duration(at: $0) }
        guard let lossyQuality else { return try encode(reduced: drawn, durations: durations, lzwTolerance: nil, stop: stop) }
        // The exact colours, coded by the LZW alone at the whole tolerance (what
        // `gifsicle --lossy` does); at thorough effort also the colours mapped to a palette
        // chosen at `quality`, coded at a smaller tolerance, and the smaller file kept: fewer
        // colours code 10–25 % shorter where there were many (circular, arc, capsules), not
        // where they were few (dots' 64). A quick encode skips the quantizer, which reads
        // every frame before it maps any (360 ms of one core for dots at 128 px @2x).
        let exact = try encode(reduced: drawn, durations: durations, lzwTolerance: GIFLossyLZW.tolerance(quality: lossyQuality),
                               stop: stop)
        guard effort == .thorough else { return exact }
        let quantized = try timings.measure(.reduce) { () throws(CodecError) in
            try GIFAlpha.quantized(drawn, width: width, height: height, quality: lossyQuality,
                                   speed: PaletteQuantizer.speed(for: effort), stop: stop)
        }
        let lossy = try encode(reduced: quantized, durations: durations,
                               lzwTolerance: GIFLossyLZW.tolerance(quantizedAt: lossyQuality), stop: stop)
        return exact.count < lossy.count ? exact : lossy
    }

    /// The GIF of frames already reduced to 1-bit alpha, lasting `durations`, LZW-coded
    /// exactly (`lzwTolerance` nil) or letting codes run through errors up to it
    /// (`GIFLossyLZW`).
    private func encode(reduced drawn: [(pixels: [GIFPixel], width: Int, height: Int)], durations: [FrameDuration],
                        lzwTolerance: Int?, stop: StopCheck) throws(CodecError) -> [UInt8] {
        let (width, height) = (drawn[0].width, drawn[0].height)
        var reduced = MergedRuns<[GIFPixel], FrameDuration>(adding: +)
        timings.measure(.reduce) {
            for (index, frame) in drawn.enumerated() { reduced.append(frame.pixels, lasting: durations[index]) }
        }
        var runs = reduced.runs
        let schedule = GIFTiming.schedule(runs.map(\.duration))
        let palette = try timings.measure(.reduce) { () throws(CodecError) in try GIFPalette(frames: schedule.map { runs[$0.frame].value }) }

        // Lossy: codes may also run on through small colour errors (`GIFLossyLZW`).
        let lossy = lzwTolerance.map { GIFLossyLZW(palette: palette.table, tolerance: $0) }
        let writer = try GIFWriter(width: width, height: height, palette: palette.table, lossy: lossy)
        if loops != 1 { try timings.measure(.mux) { () throws(CodecError) in try writer.writeLoop(repeats: loops == 0 ? 0 : loops - 1) } }
        var optimizer = GIFFrameOptimizer(width: width, height: height, palette: palette.table, effort: effort, lossy: lossy,
                                          timings: timings)
        // Stored images are LZW-coded `indexBatch` at a time on every core, each apart
        // (`GIFWriter.coded`), in the background while the next frames are mapped and
        // planned (`PendingWork`), and written in order: the same bytes as coding them one
        // by one into the stream, in about half the time on two cores.
        var uncoded: [GIFWriter.Image] = []
        var coding: PendingWork<[[UInt8]]>? = nil
        let (table, timings, maxBytes) = (palette.table, timings, maxBytes)
        /// Writes `batch`'s images, once they are coded.
        func write(_ batch: PendingWork<[[UInt8]]>) throws(CodecError) {
            for bytes in try batch.value() { writer.write(coded: bytes) }
            guard writer.byteCount <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        }
        /// Writes the batch being coded, if any.
        func writeCoded() throws(CodecError) {
            guard let batch = coding else { return }
            coding = nil
            try write(batch)
        }
        func code() throws(CodecError) {
            let images = uncoded
            uncoded = []
            // Small images are coded straight into the stream: a stream of their own each
            // cost more than the second core saved (the default circular's 1.3 ms took 2.1).
            if images.reduce(0, { $0 + $1.indices.count }) < Self.parallelCodingPixels {
                try writeCoded()
                for image in images { try timings.measure(.compress) { () throws(CodecError) in try writer.write(image) } }
            } else {
                let started = PendingWork { () throws(CodecError) -> [[UInt8]] in
                    try Parallel.map(images.count, state: {}) { (index, _: inout Void) throws(CodecError) -> [UInt8] in
                        try timings.measure(.compress) { () throws(CodecError) in
                            try GIFWriter.coded(images[index], width: width, height: height, palette: table, lossy: lossy)
                        }
                    }
                }
                // The batch before is written while this one is coded (held first, so that
                // a failure waits for it below).
                let before = coding
                coding = started
                if let before { try write(before) }
            }
            guard writer.byteCount <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        }
        /// Maps every frame to the palette, merges, plans and codes them, in order. Frames
        /// equal once mapped merge too; a frame goes to the optimizer once the next differs
        /// (its delay is complete).
        func writeFrames() throws(CodecError) {
            var pending: (indices: [UInt8], delay: Int)? = nil
            func emit(_ frame: (indices: [UInt8], delay: Int)) throws(CodecError) {
                if let image = try optimizer.add(frame.indices, delay: frame.delay) { uncoded.append(image) }
                if uncoded.count >= Self.indexBatch { try code() }
            }
            // Mapped to the palette on every core, `indexBatch` frames at a time, so that at most
            // that many frames of indices are held beside the reduced pixels (which are let go
            // as their batch is mapped).
            for batchStart in stride(from: 0, to: schedule.count, by: Self.indexBatch) {
                try check(stop)
                let batch = Array(schedule[batchStart ..< min(batchStart + Self.indexBatch, schedule.count)])
                let reducedFrames = batch.map { runs[$0.frame].value }
                let mapped = timings.measure(.reduce) {
                    Parallel.map(reducedFrames.count, state: { () }) { (index, _: inout Void) -> [UInt8] in palette.indices(of: reducedFrames[index]) }
                }
                for entry in batch { runs[entry.frame].value = [] }  // its reduced pixels are no longer needed
                for (entry, indices) in zip(batch, mapped) {
                    if let waiting = pending, waiting.indices == indices {
                        pending = (indices, waiting.delay + entry.delay)
                        continue
                    }
                    if let waiting = pending { try emit(waiting) }
                    pending = (indices, entry.delay)
                }
            }
            if let waiting = pending { try emit(waiting) }
            if let last = try optimizer.finish() { uncoded.append(last) }
            try code()
            try writeCoded()
        }
        do throws(CodecError) {
            try writeFrames()
        } catch {
            coding?.settle()  // none of this render's work goes on after it
            throw error
        }
        let bytes = try timings.measure(.mux) { () throws(CodecError) in try writer.finish() }
        guard bytes.count <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        return bytes
    }

    /// Frames mapped to the palette at once (on every core), and stored images coded at
    /// once. 16.
    static let indexBatch = 16

    /// Pixels of stored images, in a batch, from which they are coded on every core. 65 536.
    static let parallelCodingPixels = 65_536

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}
