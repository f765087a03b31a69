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
    /// With `deflate.ranksFiltersSparsely`: a frame of the last batch ranked a filter
    /// better than none, so every frame of the next batch is ranked.
    private var ranksNextBatch = false
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
    /// The batch compressed last, written when the next is made (or at the end).
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
            // Every `filterRun`th frame is ranked (nil: in its batch, over the cores); the
            // others are stored unfiltered unless the batch before found a filter worth it.
            filter = added % Self.filterRun == 0 ? nil : PNGRowFilter.Choice.none
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

    /// Filters and compresses every pending frame, `batchFrames` at a time, each batch
    /// spread over the cores; writes the batch made before (frames stay in order). With
    /// `deflate.ranksFiltersSparsely`, a batch in which a ranked frame found a filter worth
    /// it has every frame of the next batch ranked.
    private mutating func flush() throws(CodecError) {
        guard let strength else { preconditionFailure("frames are written once the strength is known") }
        let (layout, effort, timings, stop) = (layout, effort, timings, stop)
        var start = 0
        while start < pending.count {
            var frames = Array(pending[start ..< min(pending.count, start + Self.batchFrames)])
            start += frames.count
            if deflate.ranksFiltersSparsely && ranksNextBatch {
                for index in frames.indices { frames[index].filter = nil }
            }
            let ranked = frames.map { $0.filter == nil }
            let started = APNGCompressionBatch(frames) { (frames) throws(CodecError) -> APNGCompressionBatch.Compressed in
                try Self.compress(frames, layout: layout, effort: effort, strength: strength, timings: timings, stop: stop)
            }
            // Whether the next batch is ranked waits for this one (the rest of the encoder
            // plans on while it is compressed) only when one of its frames was ranked.
            if deflate.ranksFiltersSparsely && ranked.contains(true) {
                ranksNextBatch = try zip(ranked, started.compressed()).contains { $0.0 && $0.1.filter != PNGRowFilter.Choice.none }
            }
            // The batch before is written while this one is compressed (held first, so that
            // `abandon` waits for it should writing fail).
            let before = compressing
            compressing = started
            if let before { try write(before) }
        }
        pending = []
        pendingBytes = 0
    }

    /// Waits for the batch being compressed, if any, and lets it go: for an encoder that
    /// stops early, so that no work of its render goes on after it.
    mutating func abandon() {
        compressing?.settle()
        compressing = nil
    }

    /// Writes the batch being compressed, once it is done.
    private mutating func writeCompressed() throws(CodecError) {
        guard let batch = compressing else { return }
        compressing = nil
        try write(batch)
    }

    /// Writes `batch`'s frames, once it is compressed.
    private mutating func write(_ batch: APNGCompressionBatch) throws(CodecError) {
        for (frame, compressed) in zip(batch.frames, try batch.compressed()) {
            try timings.measure(.mux) { () throws(CodecError) in try emit(frame.choice, compressed: compressed.data) }
        }
    }

    /// Each frame's rows filtered (by its filter choice, or the best choice ranked now) and
    /// compressed at `strength`, spread over the cores; with the filter choice applied.
    private static func compress(_ frames: [APNGCompressionBatch.Frame], layout: PNGPixelLayout, effort: EncoderEffort,
                                 strength: PNGImageData.Strength, timings: PhaseTimes,
                                 stop: StopCheck) throws(CodecError) -> [(data: [UInt8], filter: PNGRowFilter.Choice)] {
        let makeData: @Sendable () -> PNGImageData = { PNGImageData(layout: layout, effort: effort) }
        let work: @Sendable (Int, inout PNGImageData) throws(CodecError) -> (data: [UInt8], filter: PNGRowFilter.Choice) = { index, data throws(CodecError) in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            let (rows, width, filter) = (frames[index].rows, frames[index].choice.rect.width, frames[index].filter)
            let filtered = try timings.measure(.filter) { () throws(CodecError) in
                try data.filteredWithChoice(rows: rows, rectWidth: width, choice: filter)
            }
            let compressed = try timings.measure(.compress) { () throws(CodecError) -> [UInt8] in
                try data.compress(filtered: filtered.filtered, strength: strength)
            }
            return (compressed, filtered.choice)
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
