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

    /// The APNG bytes of `frames` (at least one, all the same size). `stop` is asked
    /// between frames. Every frame is read first (over all cores); frames are then planned
    /// one at a time and compressed in batches over all cores, each batch while the next
    /// is planned, so beyond the frames themselves it holds two batches of frames' rows
    /// (or, while the strongest deflate may still apply, up to `deflate.heldBytes` of them).
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
        // Each layout is planned on its own core (the first of the smallest still wins).
        let estimates = try Parallel.map(layouts.count > 1 ? layouts.count : 0, state: {}) {
            (index, _: inout Void) throws(CodecError) -> Int in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            return try timings.measure(.plan) { () throws(CodecError) -> Int in
                let layout = layouts[index]
                let codes = sample.map { PixelCodes.codes(of: $0.image, in: layout) }
                return try APNGOptimizer(layout: layout, width: width, height: height, effort: effort, timings: timings)
                    .choices(for: codes)
                    .reduce(layout.tableChunks.reduce(0) { $0 + $1.data.count + 12 }) { $0 + $1.estimatedSize }
            }
        }
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
        var optimizer = APNGOptimizer(layout: layout, width: width, height: height, effort: effort, timings: timings)
        // Frames become codes a few at a time on every core; each is then planned in turn.
        let group = 4 * Parallel.cores
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
    }

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}

/// Writes the chosen frames of an APNG in order as they come. The data is compressed
/// by the strongest of `deflate`'s tiers that all the frames' rows together fit in;
/// since that is known only at the end, rows are held (never more than the last tier's
/// limit) until the total passes it, and then everything goes out at `deflate.beyond`. Frames are
/// filtered and compressed in batches spread over the cores (each frame's data is its
/// own zlib stream, so the bytes are the same whatever the core count).
struct APNGFrameWriter {
    var writer = PNGChunkWriter()
    private let layout: PNGPixelLayout
    private let width: Int
    private let effort: EncoderEffort
    private let delays: [(numerator: UInt16, denominator: UInt16)]
    private let maxBytes: Int
    private let deflate: APNGDeflateTiers
    private let timings: PhaseTimes
    private let stop: StopCheck
    /// Packs rows; also ranks the filter choices made as frames come (`.quick` effort's
    /// first frame, `deflate.ranksFiltersSparsely`).
    private let data: PNGImageData
    /// Frames whose rows wait to be filtered and compressed: their settled choice (codes
    /// dropped) and packed rows.
    private var pending: [APNGCompressionBatch.Frame] = []
    private var rawBytes = 0
    private var strength: PNGImageData.Strength?
    /// At `.quick` effort, the filter choice ranked on the first frame (every frame's).
    private var quickFilter: PNGRowFilter.Choice?
    /// With `deflate.ranksFiltersSparsely`, the choice of the last frame ranked.
    private var lastRanked: PNGRowFilter.Choice?
    /// Frames added so far.
    private var added = 0
    private var index = 0
    private var sequence: UInt32 = 0

    /// Frames compressed at once: enough to keep every core busy, few enough that little
    /// is held and that the first batch starts early (at most 8 frames, or 4 MB of rows).
    private static let batchFrames = 8
    private static let batchBytes = 4 << 20
    /// With `deflate.ranksFiltersSparsely`, every this many frames one is ranked even
    /// after a frame best left unfiltered.
    static let filterRun = 8
    private var pendingBytes = 0
    /// The batch compressed while the next frames are planned.
    private var compressing: APNGCompressionBatch?

    init(layout: PNGPixelLayout, width: Int, effort: EncoderEffort, delays: [(numerator: UInt16, denominator: UInt16)], maxBytes: Int,
         deflate: APNGDeflateTiers, timings: PhaseTimes, stop: StopCheck) {
        self.layout = layout
        self.width = width
        self.effort = effort
        self.data = PNGImageData(layout: layout, effort: effort)
        self.delays = delays
        self.maxBytes = maxBytes
        self.deflate = deflate
        self.timings = timings
        self.stop = stop
        // Large work is compressed quickly whatever its total.
        if effort == .quick { strength = .fast }
    }

    /// Adds the next frame's choice (its disposal settled).
    mutating func add(_ choice: APNGFrameChoice) throws(CodecError) {
        var settled = choice
        let rows = timings.measure(.filter) { data.rows(of: choice.codes, width: width, rect: choice.rect) }
        settled.codes = []
        var filter: PNGRowFilter.Choice? = nil
        if effort == .quick {
            if quickFilter == nil {
                quickFilter = try timings.measure(.filter) { () throws(CodecError) in
                    try data.bestFilterChoice(rows: rows, rectWidth: choice.rect.width)
                }
            }
            filter = quickFilter
        } else if deflate.ranksFiltersSparsely {
            // Ranked here, in order: whether the next frame is ranked depends on this one.
            if added % Self.filterRun == 0 || lastRanked != PNGRowFilter.Choice.none {
                let best = try timings.measure(.filter) { () throws(CodecError) in
                    try data.bestFilterChoice(rows: rows, rectWidth: choice.rect.width)
                }
                lastRanked = best
                filter = best
            } else {
                filter = PNGRowFilter.Choice.none
            }
        }
        added += 1
        rawBytes += rows.count + choice.rect.height
        pendingBytes += rows.count
        pending.append((settled, rows, filter))
        if strength == nil && rawBytes > deflate.heldBytes { strength = deflate.beyond }
        if strength != nil && (pending.count >= Self.batchFrames || pendingBytes >= Self.batchBytes) { try flush() }
    }

    /// The finished file.
    mutating func finish() throws(CodecError) -> [UInt8] {
        if strength == nil { strength = deflate.strength(forRows: rawBytes) }
        try flush()
        try writeCompressed()
        timings.measure(.mux) { writer.chunk("IEND", []) }
        return writer.bytes
    }

    /// Starts filtering and compressing every pending frame, spread over the cores, on a
    /// thread of its own while the caller plans the next; writes the batch started before
    /// (frames stay in order).
    private mutating func flush() throws(CodecError) {
        guard let strength else { preconditionFailure("frames are written once the strength is known") }
        let (layout, effort, timings, stop) = (layout, effort, timings, stop)
        let started = pending.isEmpty ? nil : APNGCompressionBatch(pending) { (frames) throws(CodecError) -> [[UInt8]] in
            try Self.compress(frames, layout: layout, effort: effort, strength: strength, timings: timings, stop: stop)
        }
        pending = []
        pendingBytes = 0
        try writeCompressed()
        compressing = started
    }

    /// Writes the batch being compressed, once it is done.
    private mutating func writeCompressed() throws(CodecError) {
        guard let batch = compressing else { return }
        compressing = nil
        for (frame, data) in zip(batch.frames, try batch.compressed()) {
            try timings.measure(.mux) { () throws(CodecError) in try emit(frame.choice, compressed: data) }
        }
    }

    /// Each frame's rows filtered (by its filter choice, or the best choice ranked now) and
    /// compressed at `strength`, spread over the cores.
    private static func compress(_ frames: [APNGCompressionBatch.Frame], layout: PNGPixelLayout, effort: EncoderEffort,
                                 strength: PNGImageData.Strength, timings: PhaseTimes,
                                 stop: StopCheck) throws(CodecError) -> [[UInt8]] {
        let makeData: @Sendable () -> PNGImageData = { PNGImageData(layout: layout, effort: effort) }
        let work: @Sendable (Int, inout PNGImageData) throws(CodecError) -> [UInt8] = { index, data throws(CodecError) in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            let (rows, width, filter) = (frames[index].rows, frames[index].choice.rect.width, frames[index].filter)
            let filtered = try timings.measure(.filter) { () throws(CodecError) -> [UInt8] in
                try data.filtered(rows: rows, rectWidth: width, choice: filter, quickly: strength == .brisk)
            }
            return try timings.measure(.compress) { () throws(CodecError) -> [UInt8] in
                try data.compress(filtered: filtered, strength: strength)
            }
        }
        return try Parallel.map(frames.count, state: makeData, work)
    }

    private mutating func emit(_ choice: APNGFrameChoice, compressed: [UInt8]) throws(CodecError) {
        let rect = choice.rect
        let delay = delays[index]
        writer.chunk("fcTL", sequence.bigEndianBytes + UInt32(rect.width).bigEndianBytes
                     + UInt32(rect.height).bigEndianBytes + UInt32(rect.x).bigEndianBytes
                     + UInt32(rect.y).bigEndianBytes + delay.numerator.bigEndianBytes
                     + delay.denominator.bigEndianBytes + [choice.dispose.rawValue, choice.blend.rawValue])
        sequence += 1
        if index == 0 {
            writer.chunk("IDAT", compressed)
        } else {
            writer.chunk("fdAT", sequence.bigEndianBytes + compressed)
            sequence += 1
        }
        index += 1
        guard writer.bytes.count <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
    }
}

/// APNG frame delays: 16-bit numerator and denominator of seconds.
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
