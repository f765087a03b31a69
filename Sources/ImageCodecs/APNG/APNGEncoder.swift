/// Encodes frames and their durations as an animated PNG (`image/apng`).
///
/// The APNG chunks (acTL, fcTL, fdAT) are written here because Debian's libpng lacks
/// the APNG patch; deflate and CRC come from zlib. Output is kept small the way
/// apngasm does it — identical neighbours merged, the smallest exact colour layout
/// (palette at 1–8 bits, gray, RGB, with or without alpha), each frame cropped to what
/// changed with the best dispose/blend pair, row filters chosen per row — and every
/// layout candidate is encoded in full to keep the smallest.
public struct APNGEncoder: Sendable {
    /// How many times the animation plays; 0 plays forever (acTL `num_plays`).
    public let loops: Int
    /// How hard to work for a smaller file. Default `.thorough`.
    public let effort: EncoderEffort
    /// Largest output allowed, in bytes; beyond, encoding stops with an error.
    public let maxBytes: Int
    /// Which deflate compresses the frame data, by the bytes of rows in all. Default
    /// `.ahead()`: libdeflate level 12 up to `standardStrongestBytes`, zlib level 9 beyond;
    /// a renderer that knows the render's cost can allow more of level 12
    /// (`RenderCostModel`), and one whose visitor waits uses `.cold`.
    public let deflate: APNGDeflateTiers
    /// The strongest deflate's default allowance: 600 000 bytes of rows, the same as a
    /// still PNG's (about 0.35 s of one core at most).
    public static let standardStrongestBytes = PNGImageData.strongestLimit
    /// Where the time goes, phase by phase. Default `.off`.
    public let timings: PhaseTimes

    public init(loops: Int = 0, effort: EncoderEffort = .thorough, maxBytes: Int = .max,
                deflate: APNGDeflateTiers = .ahead(), timings: PhaseTimes = .off) {
        precondition(loops >= 0, "loops cannot be negative")
        self.loops = loops
        self.effort = effort
        self.maxBytes = maxBytes
        self.deflate = deflate
        self.timings = timings
    }

    /// Frames planned in each candidate layout to pick the layout.
    static let layoutSampleFrames = 8
    /// Bytes of pixel codes (4 a pixel) made at once over the cores: frames are turned into
    /// codes in parallel, and layouts sampled side by side, only as far as this allows, so
    /// large frames keep the memory the render budget counted for one at a time (the
    /// costliest admissible activity APNG at scale 4 went from 210 to 288 MiB with eight
    /// frames at once). Default 16 MiB.
    static let codesAtOnceBytes = 16 << 20

    /// The APNG bytes of `frames` (at least one, all the same size). `stop` is asked
    /// between frames. Every frame is read first (over all cores); frames are then planned
    /// one at a time and compressed in batches over all cores, so beyond the frames
    /// themselves it holds a batch of frames' rows (or, while the strongest deflate may
    /// still apply, up to `deflate.heldBytes` of them).
    public func encode(_ frames: some FrameSource, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        // Every frame is needed at once (the colour census reads them all): drawn on every core.
        let images = try frames.images(stop: stop)
        let (effort, timings) = (effort, timings)
        let (merged, layouts) = timings.measure(.reduce) { () -> ([AnimationFrame], [PNGPixelLayout]) in
            var runs = MergedRuns<RGBAImage, FrameDuration>(adding: +)
            for (index, image) in images.enumerated() { runs.append(image, lasting: frames.duration(at: index)) }
            let merged = runs.runs.map { AnimationFrame(image: $0.value, duration: $0.duration) }
            return (merged, PNGPixelLayout.candidates(for: merged.map(\.image), animated: merged.count > 1, timings: timings))
        }
        guard let first = merged.first else { throw CodecError("no frames to encode") }
        let (width, height) = (first.image.width, first.image.height)
        precondition(merged.allSatisfy { $0.image.width == width && $0.image.height == height }, "frame sizes differ")

        // Layouts are compared by planning a sample of the frames with quick deflate
        // estimates; the winner is then planned in full and compressed in earnest.
        let sample = Array(merged.prefix(Self.layoutSampleFrames))
        // Each layout is planned on its own core when their samples' codes fit in
        // `codesAtOnceBytes` together, else one after another (the first of the smallest wins).
        @Sendable func estimate(_ index: Int) throws(CodecError) -> Int {
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            return try timings.measure(.plan) { () throws(CodecError) -> Int in
                let layout = layouts[index]
                let codes = sample.map { PixelCodes.codes(of: $0.image, in: layout) }
                return try APNGOptimizer(layout: layout, width: width, height: height, effort: effort, timings: timings)
                    .choices(for: codes)
                    .reduce(layout.tableChunks.reduce(0) { $0 + $1.data.count + 12 }) { $0 + $1.estimatedSize }
            }
        }
        let compared = layouts.count > 1 ? layouts.count : 0
        let estimates = layouts.count * sample.count * width * height * 4 <= Self.codesAtOnceBytes
            ? try Parallel.map(compared, state: {}) { (index, _: inout Void) throws(CodecError) -> Int in try estimate(index) }
            : try (0 ..< compared).map { (index) throws(CodecError) -> Int in try estimate(index) }
        var best: (layout: PNGPixelLayout, estimate: Int)? = nil
        for (layout, estimate) in zip(layouts, estimates) where estimate < best?.estimate ?? Int.max {
            best = (layout, estimate)
        }
        guard let layout = best?.layout ?? layouts.first else { throw CodecError("no pixel layout fits") }
        return try write(merged, layout: layout, width: width, height: height, stop: stop)
    }

    private func write(_ frames: [AnimationFrame], layout: PNGPixelLayout, width: Int, height: Int,
                       stop: StopCheck) throws(CodecError) -> [UInt8] {
        let delays = APNGDelays.fractions(frames.map(\.duration))
        var output = APNGFrameWriter(layout: layout, width: width, effort: effort, delays: delays, maxBytes: maxBytes,
                                     deflate: deflate, timings: timings, stop: stop)
        timings.measure(.mux) {
            output.writer.chunk("IHDR", PNGEncoder.header(frames[0].image, layout))
            output.writer.chunk("acTL", UInt32(frames.count).bigEndianBytes + UInt32(loops).bigEndianBytes)
            for table in layout.tableChunks { output.writer.chunk(table.type, table.data) }
        }
        // At `.quick` effort the layout is chosen, so candidates need only rank among
        // themselves: RGB(A) frames by their literal pixels, not by deflate.
        var optimizer = APNGOptimizer(layout: layout, width: width, height: height, effort: effort,
                                      ranksByLiterals: effort == .quick && layout.colorType != .palette, timings: timings)
        // Frames become codes a few at a time on every core (as many as `codesAtOnceBytes`
        // allows); each is then planned in turn.
        let group = max(1, min(4 * Parallel.cores, Self.codesAtOnceBytes / max(1, width * height * 4)))
        do throws(CodecError) {
            for groupStart in stride(from: 0, to: frames.count, by: group) {
                let members = frames[groupStart ..< min(frames.count, groupStart + group)]
                let codes = Parallel.map(members.count, state: {}) { (index, _: inout Void) -> [UInt32] in
                    timings.measure(.reduce) { PixelCodes.codes(of: members[members.startIndex + index].image, in: layout) }
                }
                for frameCodes in codes {
                    try check(stop)
                    let settled = try timings.measure(.plan) { () throws(CodecError) in try optimizer.add(frameCodes) }
                    if let settled { try output.add(settled) }
                }
            }
            if let last = optimizer.finish() { try output.add(last) }
            return try output.finish()
        } catch {
            output.abandon()
            throw error
        }
    }

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}

enum APNGDelays {
    /// Exact fractions when they fit in 16 bits; otherwise whole milliseconds rounded
    /// cumulatively, so the delays still sum to the total (to the millisecond) without drift.
    static func fractions(_ durations: [FrameDuration]) -> [(numerator: UInt16, denominator: UInt16)] {
        if durations.allSatisfy({ $0.numerator <= 65535 && $0.denominator <= 65535 }) {
            return durations.map { (UInt16($0.numerator), UInt16($0.denominator)) }
        }
        var previous: Int64 = 0
        return FrameDuration.wholeMilliseconds(durations).map { end in
            defer { previous = end }
            return (UInt16(clamping: end - previous), 1000)
        }
    }
}
