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
    /// Bytes of unfiltered rows (all frames, as stored) up to which the data is compressed
    /// by the strongest deflate; beyond, by zlib's level 9. The strongest runs at about
    /// 1.7–2.6 MB/s on spinner frames against zlib's 10, and saves 2–5 %. Default
    /// `standardStrongestBytes`; a renderer that knows the render's cost can allow more
    /// (`RenderCostModel`).
    public let strongestBytes: Int
    /// The strongest deflate's default allowance: 600 000 bytes of rows, the same as a
    /// still PNG's (about 0.35 s of one core at most).
    public static let standardStrongestBytes = PNGImageData.strongestLimit

    public init(loops: Int = 0, effort: EncoderEffort = .thorough, maxBytes: Int = .max,
                strongestBytes: Int = standardStrongestBytes) {
        precondition(loops >= 0, "loops cannot be negative")
        self.loops = loops
        self.effort = effort
        self.maxBytes = maxBytes
        self.strongestBytes = strongestBytes
    }

    /// Frames planned in each candidate layout to pick the layout.
    static let layoutSampleFrames = 8

    /// The APNG bytes of `frames` (at least one, all the same size). `stop` is asked
    /// between frames. Frames are planned, compressed and written one at a time, so
    /// beyond the frames themselves it holds a few frames' codes.
    public func encode(_ frames: [AnimationFrame], stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        var runs = MergedRuns<RGBAImage, FrameDuration>(adding: +)
        for frame in frames { runs.append(frame.image, lasting: frame.duration) }
        let merged = runs.runs.map { AnimationFrame(image: $0.value, duration: $0.duration) }
        guard let first = merged.first else { throw CodecError("no frames to encode") }
        let (width, height) = (first.image.width, first.image.height)
        precondition(merged.allSatisfy { $0.image.width == width && $0.image.height == height }, "frame sizes differ")
        let layouts = PNGPixelLayout.candidates(for: merged.map(\.image), animated: merged.count > 1)

        // Layouts are compared by planning a sample of the frames with quick deflate
        // estimates; the winner is then planned in full and compressed in earnest.
        let sample = Array(merged.prefix(Self.layoutSampleFrames))
        var best: (layout: PNGPixelLayout, estimate: Int)? = nil
        for layout in layouts where layouts.count > 1 {
            try check(stop)
            let codes = sample.map { PixelCodes.codes(of: $0.image, in: layout) }
            let estimate = try APNGOptimizer(layout: layout, width: width, height: height, effort: effort).choices(for: codes)
                .reduce(layout.tableChunks.reduce(0) { $0 + $1.data.count + 12 }) { $0 + $1.estimatedSize }
            if estimate < best?.estimate ?? Int.max { best = (layout, estimate) }
        }
        guard let layout = best?.layout ?? layouts.first else { throw CodecError("no pixel layout fits") }
        return try write(merged, layout: layout, width: width, height: height, stop: stop)
    }

    private func write(_ frames: [AnimationFrame], layout: PNGPixelLayout, width: Int, height: Int,
                       stop: StopCheck) throws(CodecError) -> [UInt8] {
        let delays = APNGDelays.fractions(frames.map(\.duration))
        var output = APNGFrameWriter(layout: layout, width: width, effort: effort, delays: delays, maxBytes: maxBytes,
                                     strongestBytes: strongestBytes)
        output.writer.chunk("IHDR", PNGEncoder.header(frames[0].image, layout))
        output.writer.chunk("acTL", UInt32(frames.count).bigEndianBytes + UInt32(loops).bigEndianBytes)
        for table in layout.tableChunks { output.writer.chunk(table.type, table.data) }
        var optimizer = APNGOptimizer(layout: layout, width: width, height: height, effort: effort)
        for frame in frames {
            try check(stop)
            if let settled = try optimizer.add(PixelCodes.codes(of: frame.image, in: layout)) { try output.add(settled) }
        }
        if let last = optimizer.finish() { try output.add(last) }
        return try output.finish()
    }

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}

/// Writes the chosen frames of an APNG in order as they come. The data is compressed
/// `.strongest` when all the frames' rows together are small (`strongestBytes`), else
/// `.fast`; since that is known only at the end, rows are held (never more than the
/// limit) until the total passes it, and then everything goes out `.fast`.
struct APNGFrameWriter {
    var writer = PNGChunkWriter()
    private let layout: PNGPixelLayout
    private let width: Int
    private let data: PNGImageData
    private let delays: [(numerator: UInt16, denominator: UInt16)]
    private let maxBytes: Int
    private let strongestBytes: Int
    /// Frames whose filtered rows wait for the strength to be known.
    private var held: [(choice: APNGFrameChoice, filtered: [UInt8])] = []
    private var rawBytes = 0
    private var strength: PNGImageData.Strength?
    private var index = 0
    private var sequence: UInt32 = 0

    init(layout: PNGPixelLayout, width: Int, effort: EncoderEffort, delays: [(numerator: UInt16, denominator: UInt16)], maxBytes: Int,
         strongestBytes: Int) {
        self.layout = layout
        self.width = width
        self.data = PNGImageData(layout: layout, effort: effort)
        self.delays = delays
        self.maxBytes = maxBytes
        self.strongestBytes = strongestBytes
        // Large work is compressed quickly whatever its total.
        if effort == .quick { strength = .fast }
    }

    /// Adds the next frame's choice (its disposal settled).
    mutating func add(_ choice: APNGFrameChoice) throws(CodecError) {
        let filtered = try data.filtered(choice.codes, width: width, rect: choice.rect)
        guard strength == nil else { return try emit(choice, filtered: filtered) }
        rawBytes += (layout.rowBytes(width: choice.rect.width) + 1) * choice.rect.height
        held.append((choice, filtered))
        if rawBytes > strongestBytes { try release(.fast) }
    }

    /// The finished file.
    mutating func finish() throws(CodecError) -> [UInt8] {
        if strength == nil { try release(.strongest) }
        writer.chunk("IEND", [])
        return writer.bytes
    }

    private mutating func release(_ chosen: PNGImageData.Strength) throws(CodecError) {
        strength = chosen
        let waiting = held
        held = []
        for (choice, filtered) in waiting { try emit(choice, filtered: filtered) }
    }

    private mutating func emit(_ choice: APNGFrameChoice, filtered: [UInt8]) throws(CodecError) {
        guard let strength else { preconditionFailure("frames are written once the strength is known") }
        let rect = choice.rect
        let delay = delays[index]
        writer.chunk("fcTL", sequence.bigEndianBytes + UInt32(rect.width).bigEndianBytes
                     + UInt32(rect.height).bigEndianBytes + UInt32(rect.x).bigEndianBytes
                     + UInt32(rect.y).bigEndianBytes + delay.numerator.bigEndianBytes
                     + delay.denominator.bigEndianBytes + [choice.dispose.rawValue, choice.blend.rawValue])
        sequence += 1
        let compressed = try data.compress(filtered: filtered, strength: strength)
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
