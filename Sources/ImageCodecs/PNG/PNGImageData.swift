import Compression
/// Turns a rectangle of pixel codes into compressed PNG image data (the content of
/// IDAT/fdAT). Holds compressors, so one instance serves one thread; each is made on
/// first use (ranking candidates needs only the quick stream; writing, the others).
final class PNGImageData {
    let layout: PNGPixelLayout
    let effort: EncoderEffort
    private var strongestCompressor: OptimalDeflate?
    private var quickCompressor: OptimalDeflate?
    private var fastestCompressor: OptimalDeflate?
    /// libdeflate at level 10 and 9, for the tiers of a cold APNG (`APNGDeflateTiers.cold`).
    private var strongCompressor: OptimalDeflate?
    private var briskCompressor: OptimalDeflate?
    private lazy var quickRanking = DeflateStream(.quick)
    private lazy var balancedRanking = DeflateStream(.balanced)

    init(layout: PNGPixelLayout, effort: EncoderEffort = .thorough) {
        self.layout = layout
        self.effort = effort
    }

    /// libdeflate at level 6, for `.quick` effort: about zlib's level 9 size at a fraction of its time.
    private func quick() throws(CodecError) -> OptimalDeflate {
        if let quickCompressor { return quickCompressor }
        let made = try deflating { () throws(DeflateError) in try OptimalDeflate(level: 6) }
        quickCompressor = made
        return made
    }

    /// The libdeflate level-12 compressor (about 1 MB of state), made when first needed.
    private func strongest() throws(CodecError) -> OptimalDeflate {
        if let strongestCompressor { return strongestCompressor }
        let made = try deflating { () throws(DeflateError) in try OptimalDeflate(level: 12) }
        strongestCompressor = made
        return made
    }

    /// A quick size estimate for `rect` of `codes` (a `width`-wide frame) under fast
    /// deflate, unfiltered: enough to rank candidate frames of flat-coloured spinners
    /// (apngasm also tries the adaptive filter here; on our frames it never changed the
    /// choice, and it doubled the time).
    func estimatedSize(_ codes: [UInt32], width: Int, rect: PixelRect) throws(CodecError) -> Int {
        guard effort == .thorough else {
            // Large frames: every fourth row, by libdeflate's fastest level, ranks the
            // candidates nearly as well at a small part of the cost.
            let raw = rows(of: codes, width: width, rect: rect, every: 4)
            let filtered = PNGRowFilter.apply(.none, rows: raw, rowBytes: layout.rowBytes(width: rect.width), stride: layout.filterStride)
            let compressor = try fastest()
            return try deflating { () throws(DeflateError) in try compressor.compressedSize(filtered) }
        }
        let raw = rows(of: codes, width: width, rect: rect)
        let filtered = PNGRowFilter.apply(.none, rows: raw, rowBytes: layout.rowBytes(width: rect.width), stride: layout.filterStride)
        let ranking = quickRanking
        return try deflating { () throws(DeflateError) in try ranking.compressedSize(filtered) }
    }

    /// libdeflate at level 10, for `.strong` data, made when first needed.
    private func strong() throws(CodecError) -> OptimalDeflate {
        if let strongCompressor { return strongCompressor }
        let made = try deflating { () throws(DeflateError) in try OptimalDeflate(level: 10) }
        strongCompressor = made
        return made
    }

    /// libdeflate at level 9, for `.brisk` data, made when first needed.
    private func brisk() throws(CodecError) -> OptimalDeflate {
        if let briskCompressor { return briskCompressor }
        let made = try deflating { () throws(DeflateError) in try OptimalDeflate(level: 9) }
        briskCompressor = made
        return made
    }

    /// libdeflate at level 1, to rank candidates at `.quick` effort.
    private func fastest() throws(CodecError) -> OptimalDeflate {
        if let fastestCompressor { return fastestCompressor }
        let made = try deflating { () throws(DeflateError) in try OptimalDeflate(level: 1) }
        fastestCompressor = made
        return made
    }

    /// How hard the written data is compressed.
    enum Strength: Sendable {
        /// libdeflate level 12, near-optimal parsing: the smallest, at ~1–3 MB/s.
        case strongest
        /// libdeflate level 10 (near-optimal parsing, fewer passes): 2–4 % larger than
        /// level 12 on spinner frames, at ~11 MB/s.
        case strong
        /// zlib level 9: 1–3 % larger, about 7× faster (libdeflate 1.14's level 9 came out
        /// larger than zlib's on our frames).
        case fast
        /// libdeflate level 9: 4–7 % larger than zlib's level 9 on RGBA frames, 2–4× faster
        /// (~45 MB/s).
        case brisk
        /// zopfli (`ZopfliDeflate`), the smaller of it and libdeflate level 12: 1–4 % smaller
        /// than level 12 alone, at ~0.1–0.3 MB/s. For images compressed once and kept.
        case exhaustive

        /// libdeflate's compression level (12, 10, 9); nil for zlib's (`.fast`).
        var libdeflateLevel: Int? {
            switch self {
            case .strongest: 12
            case .strong: 10
            case .brisk: 9
            case .fast, .exhaustive: nil
            }
        }
    }

    /// Bytes of unfiltered rows above which an image is compressed `.fast` unless its
    /// encoder is allowed more (`APNGEncoder.strongestBytes`): the strongest deflate then
    /// adds at most about 0.35 s of one core, whatever the image.
    static let strongestLimit = 600_000

    /// The data to write for `rect`: the filter choice that zlib level 6 compresses
    /// smaller, compressed at `strength`.
    func compress(_ codes: [UInt32], width: Int, rect: PixelRect, strength: Strength) throws(CodecError) -> [UInt8] {
        try compress(filtered: filtered(rows: rows(of: codes, width: width, rect: rect), rectWidth: rect.width), strength: strength)
    }

    /// Packed rows of a `rectWidth`-wide rectangle (`rows(of:width:rect:)`) filtered for
    /// compression: by whichever choice zlib level 6 compresses smaller or, when `choice`
    /// is given (`.quick` effort: the frames of one animation filter alike, so it is
    /// ranked once, on the first frame; a cold APNG's frames that are not ranked), by that
    /// choice.
    func filtered(rows raw: [UInt8], rectWidth: Int, choice: PNGRowFilter.Choice? = nil) throws(CodecError) -> [UInt8] {
        try filteredWithChoice(rows: raw, rectWidth: rectWidth, choice: choice).filtered
    }

    /// `filtered(rows:rectWidth:choice:)` with the choice it applied (`choice`, else the
    /// best one ranked now).
    func filteredWithChoice(rows raw: [UInt8], rectWidth: Int,
                            choice: PNGRowFilter.Choice?) throws(CodecError) -> (filtered: [UInt8], choice: PNGRowFilter.Choice) {
        let rowBytes = layout.rowBytes(width: rectWidth)
        if let choice { return (PNGRowFilter.apply(choice, rows: raw, rowBytes: rowBytes, stride: layout.filterStride), choice) }
        let ranked = try rankedFiltering(raw, rowBytes: rowBytes)
        return (ranked.filtered, ranked.choice)
    }

    /// `filtered(rows:rectWidth:)` with the size its ranking compressed it to (zlib level 6).
    func rankedFiltered(rows raw: [UInt8], rectWidth: Int) throws(CodecError) -> (filtered: [UInt8], rankedSize: Int) {
        let ranked = try rankedFiltering(raw, rowBytes: layout.rowBytes(width: rectWidth))
        return (ranked.filtered, ranked.size)
    }

    /// The filter choice that compresses `raw` rows (of a `rectWidth`-wide rectangle)
    /// smallest among those this effort ranks.
    func bestFilterChoice(rows raw: [UInt8], rectWidth: Int) throws(CodecError) -> PNGRowFilter.Choice {
        try rankedFiltering(raw, rowBytes: layout.rowBytes(width: rectWidth)).choice
    }

    /// Filtered rows compressed at `strength` (`.quick` effort always compresses quickly).
    func compress(filtered: [UInt8], strength: Strength) throws(CodecError) -> [UInt8] {
        let compressor: OptimalDeflate
        switch effort == .quick ? nil : strength {
        case nil: compressor = try quick()
        case .strongest: compressor = try strongest()
        case .strong: compressor = try strong()
        case .brisk: compressor = try brisk()
        case .fast: return try deflating { () throws(DeflateError) in try Deflate.compress(filtered, .smallest) }
        case .exhaustive:
            // zopfli's parse is not always the shorter on tiny frames: keep the smaller.
            let optimal = try strongest()
            return try deflating { () throws(DeflateError) in
                let (searched, shortest) = (try ZopfliDeflate.compress(filtered), try optimal.compress(filtered))
                return searched.count <= shortest.count ? searched : shortest
            }
        }
        return try deflating { () throws(DeflateError) in try compressor.compress(filtered) }
    }

    /// The packed, unfiltered rows of `codes` inside `rect`.
    func rows(of codes: [UInt32], width: Int, rect: PixelRect, every step: Int = 1) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(layout.rowBytes(width: rect.width) * ((rect.height + step - 1) / step))
        for y in stride(from: rect.y, to: rect.y + rect.height, by: step) {
            let start = y * width + rect.x
            layout.pack(codes[start ..< start + rect.width], into: &bytes)
        }
        return bytes
    }

    /// `raw` rows filtered by each choice, ranked by compressed size (zlib level 6; at
    /// `.quick` effort, libdeflate level 1): the smallest, and its choice.
    private func rankedFiltering(_ raw: [UInt8], rowBytes: Int) throws(CodecError)
        -> (filtered: [UInt8], choice: PNGRowFilter.Choice, size: Int) {
        var best: (filtered: [UInt8], size: Int, choice: PNGRowFilter.Choice)? = nil
        for choice in effort == .thorough ? PNGRowFilter.thoroughChoices : PNGRowFilter.quickChoices {
            let filtered = PNGRowFilter.apply(choice, rows: raw, rowBytes: rowBytes, stride: layout.filterStride)
            let size: Int
            if effort == .thorough {
                let ranking = balancedRanking
                size = try deflating { () throws(DeflateError) in try ranking.compressedSize(filtered) }
            } else {
                let compressor = try fastest()
                size = try deflating { () throws(DeflateError) in try compressor.compressedSize(filtered) }
            }
            if size < best?.size ?? Int.max { best = (filtered, size, choice) }
        }
        guard let best else { throw CodecError("no row filter") }
        return (best.filtered, best.choice, best.size)
    }

    /// What `body` makes by deflate; its library's failure as the encoder's.
    @inline(__always)
    private func deflating<Result>(_ body: () throws(DeflateError) -> Result) throws(CodecError) -> Result {
        do { return try body() } catch { throw CodecError(error.message) }
    }
}
