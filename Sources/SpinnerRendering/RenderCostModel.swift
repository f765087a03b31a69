import ImageCodecs
import SpinnerModel

/// How long a render takes on one core, known before any work: seconds per frame
/// (drawing a path costs whatever its pixels) plus seconds per megapixel-frame (pixels ×
/// frames) by format, encoder effort, kind and background
/// (transparent, or filled with a colour — translucent fills cost the most), measured on
/// this project's machines by `scripts/calibrate-render-cost.py` (`RenderCostTable.swift`,
/// with a margin for noise), plus a small fixed part. SVG is written, not drawn: its cost
/// is the fixed part alone. An APNG is priced by the deflate it gets (`APNGDeflatePlan`):
/// a kind's defaults, rendered ahead, by the strongest deflate the cost allows; every other
/// URL by the cold tiers, measured apart (`MeasuredCosts.apngCold`). `/metrics` sums
/// estimated and measured seconds by format, so the calibration can be checked in
/// production.
public enum RenderCostModel {
    /// Seconds of one core per megapixel-frame on a transparent and on a filled background
    /// (translucent fills cost the most).
    struct Rate: Sendable {
        let transparent: Double
        let filled: Double
    }

    /// Seconds every render takes whatever its size (scene, encoder set-up).
    static let fixedSeconds = 0.003

    /// An APNG whose estimate, strongest deflate included, stays within this many seconds
    /// has all its rows compressed by the strongest deflate (2–5 % smaller than zlib's
    /// level 9; the defaults of circular and capsules are among them). Beyond, only the
    /// standard 600 000 bytes, which the measured rates already hold.
    static let strongestDeflateWithinSeconds = 1.0

    /// Bytes of rows a second the strongest deflate (libdeflate level 12) compresses, on
    /// the slowest kind: arc measured 1.67–1.76 MB/s, circular 2.5, dots 2.6 (zlib's level
    /// 9 takes a fifth of that, already in the rates); lowered a little for noise. Any
    /// error here stays inside a render of under a second. Prices the allowance of a
    /// kind's defaults only: the cold tiers have speeds measured since
    /// (`coldTierBytesPerSecond`, level 12 at 2.75 MB/s and up); this lower figure is kept
    /// so that the defaults keep their allowance, bytes and estimates.
    static let strongestDeflateBytesPerSecond = 1_500_000.0

    /// Bytes of rows a second of one core libdeflate compresses at the levels of the cold
    /// tiers before `beyond` (`APNGDeflateTiers.cold`; level 9, beyond them, is in the
    /// measured rates): the slowest kind's speed in the compression phase of
    /// `spinnerd render --timings` (CPU of every thread), divided by the calibration's
    /// margin of 1.2. Measured 2026-12-02 on five kinds × `theme=dark` and `color=ff3b30` ×
    /// 20–140 px × scales 1–2, rows as stored read back from the files: level 12 at 2.75–10
    /// MB/s (arc the slowest, 2.75–4.0), level 10 at 7.1–20 MB/s (capsules, 7.1–7.8).
    static let coldTierBytesPerSecond: [Int: Double] = [12: 2_250_000, 10: 5_900_000]

    /// The process's own memory (code, threads, buffers) that every render's peak counts
    /// once: 30 MiB.
    public static let processBytes = 30 << 20

    /// Memory a render needs at its peak, in bytes, including the process's own (about
    /// 30 MB, `processBytes`): encoders hold one 4-byte copy of every distinct frame (APNG, GIF), and a
    /// working set of about a dozen copies of one frame (48 bytes a pixel for APNG, 32 for
    /// GIF and PNG, whose single frame is filtered and compressed whole). APNG's second
    /// thread (`Parallel`) adds its compressors and buffers: 8–13 MB measured, counted as
    /// 16 MiB. WebP holds no frame list (frames are drawn in small batches as they are
    /// coded): libwebp keeps its canvases and a frame's working set on each thread, about
    /// 72 bytes a pixel. Measured peaks (`calibrate-render-cost.py` prints them) stay
    /// under this.
    static func peakBytes(format: OutputFormat, pixelSize: Int, frames: Int) -> Int {
        let base = processBytes, pixels = pixelSize * pixelSize
        switch format {
        case .svg, .lottie, .dotlottie: return base
        case .png: return base + pixels * 32
        case .gif: return base + pixels * frames * 4 + pixels * 32
        case .apng: return base + pixels * frames * 4 + pixels * 48 + (16 << 20)
        case .webp: return base + pixels * 72
        }
    }

    /// Animations of more pixels × frames than this are encoded with `.quick` effort.
    public static let quickEffortPixelFrames = 3_000_000

    /// A render that would take longer than this, in seconds of one core, at `.thorough`
    /// effort is encoded at `.quick` effort instead (the default budget's limit). Without
    /// it a middle size could be refused while a larger one, past the pixel limit and so
    /// quick, is admitted: with it, every size below an admitted one is admitted too.
    public static let thoroughWithinSeconds = 1.8

    /// The efforts `format` can be encoded at (what the cost table must cover).
    public static func efforts(of format: OutputFormat) -> [EncoderEffort] {
        switch format {
        case .svg, .lottie, .dotlottie: []
        case .apng, .gif, .webp, .png: [.thorough, .quick]
        }
    }

    /// The estimate for `frames` frames of `pixelSize` square pixels of `kind` in `format`,
    /// with the encoder effort it gets — the one place that is decided: thorough for the
    /// sizes people use; quick beyond `quickEffortPixelFrames`, or where thorough would
    /// take longer than `thoroughWithinSeconds` (a still PNG's final encode is always
    /// thorough; its `.quick` one is only its provisional answer).
    /// `renderedAhead`: the URL is a kind's defaults (`SpinnerRequest.isRenderedAhead`),
    /// whose APNG gets the strongest deflate the cost allows; every other APNG gets the
    /// cold tiers (`APNGDeflatePlan`). The other formats do not depend on it.
    public static func estimate(kind: SpinnerKind, format: OutputFormat, pixelSize: Int, frames: Int,
                                filledBackground: Bool, renderedAhead: Bool) -> RenderEstimate {
        let pixelFrames = pixelSize * pixelSize * frames
        let efforts = efforts(of: format)
        func at(_ effort: EncoderEffort) -> RenderEstimate {
            estimate(kind: kind, format: format, pixelSize: pixelSize, frames: frames, filledBackground: filledBackground,
                     renderedAhead: renderedAhead, effort: effort)
        }
        // A still PNG's final encode is always thorough; its quick one is only its provisional answer.
        let animated = format != .png
        if animated && efforts.contains(.quick) && pixelFrames > quickEffortPixelFrames { return at(.quick) }
        let thorough = at(.thorough)
        guard animated, efforts.contains(.quick), thorough.seconds > thoroughWithinSeconds else { return thorough }
        return at(.quick)
    }

    /// A final render estimated at most this long (seconds of one core) is answered by
    /// itself, without a provisional encode first: activity in every format, arc and
    /// circular as GIF at small sizes. Default 0.05.
    public static let provisionalAboveSeconds = 0.05

    /// The estimate of the provisional encode (`.quick` effort) of a render estimated
    /// `final`, or nil when it has none (`SpinnerRenderer.provisional(of:)`).
    /// A kind's default APNG always has one: its final encode is exhaustive.
    static func provisionalEstimate(for final: RenderEstimate, kind: SpinnerKind, filledBackground: Bool) -> RenderEstimate? {
        guard final.effort == .thorough, efforts(of: final.format).contains(.quick),
              final.seconds > provisionalAboveSeconds || final.apngDeflate?.keepsExhaustive == true else { return nil }
        return estimate(kind: kind, format: final.format, pixelSize: final.pixelSize, frames: final.frames,
                        filledBackground: filledBackground, renderedAhead: false, effort: .quick)
    }

    /// The estimate at a given effort.
    private static func estimate(kind: SpinnerKind, format: OutputFormat, pixelSize: Int, frames: Int, filledBackground: Bool,
                                 renderedAhead: Bool, effort: EncoderEffort) -> RenderEstimate {
        let peak = peakBytes(format: format, pixelSize: pixelSize, frames: frames)
        let pixelFrames = pixelSize * pixelSize * frames
        guard !format.isVector else {
            return RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, effort: effort, seconds: fixedSeconds,
                                  peakBytes: peak)
        }
        // A cold APNG at thorough effort has rates of its own (its deflate tiers); quick
        // effort compresses alike whatever the URL.
        let cold = format == .apng && effort == .thorough && !renderedAhead
        guard let costs = cold ? measured.apngCold : measured[format], let rates = costs.rates(effort)?[kind] else {
            preconditionFailure("RenderCostTable.swift has no \(format) \(effort) rates: efforts(of:) and the table disagree")
        }
        let perFrame = costs.secondsPerFrame[kind]
        let rate = filledBackground ? rates.filled : rates.transparent
        var estimate = RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, effort: effort,
                                      seconds: fixedSeconds + Double(frames) * perFrame + Double(pixelFrames) / 1_000_000 * rate,
                                      peakBytes: peak)
        if format == .png && effort == .thorough { estimate.seconds += stillStrongestDeflateSeconds(estimate) }
        guard format == .apng else { return estimate }
        if effort == .quick {
            estimate.apngDeflate = .quick
        } else if renderedAhead {
            allowStrongestDeflate(&estimate)
        } else {
            priceColdTiers(&estimate)
        }
        return estimate
    }

    /// Seconds of one core per megapixel-frame libimagequant takes to choose a palette and
    /// map the frames to it (`quality` below 100), by effort (its speed 4 or 10), above
    /// what was measured (`spinnerd render --timings`, reduce phase: 0.10 s/Mpx·frame for
    /// circular's APNG at speed 4, 0.031 for dots' at 128 px @2× at speed 10), with room
    /// for capsules' and the machines' noise.
    static let lossySecondsPerMegapixelFrame: [EncoderEffort: Double] = [.thorough: 0.4, .quick: 0.06]

    /// Adds a lossy render's extra work to `estimate`: the quantizer's (every raster
    /// format quantizes: APNG, PNG and GIF to write the palette's colours, WebP to code
    /// them losslessly; a GIF at thorough effort only); a WebP's second, lossy coding of the
    /// frames (at either effort; its paletted coding takes the thorough settings, so a quick
    /// lossy WebP took 1.6–2.2 times the quick lossless one at 300–400 px) and, at thorough
    /// effort, a GIF's second coding (each as long again as the first);
    /// and the frames held for the quantizer, which reads all of them before it maps any
    /// (a WebP otherwise holds a batch, a GIF one copy of its reduced frames).
    public static func addLossyWork(_ estimate: inout RenderEstimate) {
        guard !estimate.format.isVector else { return }
        let megapixelFrames = Double(estimate.pixelFrames) / 1_000_000
        let quantizing = megapixelFrames * (lossySecondsPerMegapixelFrame[estimate.effort] ?? 0.4)
        switch estimate.format {
        case .gif:
            // A quick GIF codes its exact colours alone, unquantized.
            guard estimate.effort == .thorough else { return }
            estimate.seconds *= 2
            estimate.peakBytes += estimate.pixelFrames * 8
        case .webp:
            estimate.seconds *= 2
            estimate.peakBytes += estimate.pixelFrames * 8
        case .apng, .png, .svg, .lottie, .dotlottie:
            break
        }
        estimate.seconds += quantizing
    }

    /// What a still PNG's strongest deflate adds beyond the measured rates, which hold
    /// zlib's level 9 (the calibration's PNGs have millions of pixels): up to
    /// `APNGEncoder.standardStrongestBytes` of RGBA rows are compressed by libdeflate level
    /// 12 instead, at `strongestDeflateBytesPerSecond`: 0.17 s at 256 px, 0.4 s at most.
    /// Without it a 256 px PNG was priced at 13 ms for 80 ms of compression, and so had no
    /// provisional answer.
    private static func stillStrongestDeflateSeconds(_ estimate: RenderEstimate) -> Double {
        let rows = estimate.rowBytesAtMost
        return rows <= APNGEncoder.standardStrongestBytes ? Double(rows) / strongestDeflateBytesPerSecond : 0
    }

    /// Raises an APNG's strongest-deflate allowance to what fits in
    /// `strongestDeflateWithinSeconds`, and counts the extra work: the rows, at most
    /// every frame whole in RGBA (cropping and palettes only make them fewer), beyond the
    /// standard allowance, at `strongestDeflateBytesPerSecond`. The estimate then stays
    /// under `strongestDeflateWithinSeconds`.
    private static func allowStrongestDeflate(_ estimate: inout RenderEstimate) {
        let standard = APNGEncoder.standardStrongestBytes
        estimate.apngDeflate = .ahead(strongestBytes: standard)
        let spare = strongestDeflateWithinSeconds - estimate.seconds
        guard spare > 0 else { return }
        let allowance = Int(spare * strongestDeflateBytesPerSecond)
        guard allowance > standard else { return }
        estimate.apngDeflate = .ahead(strongestBytes: allowance)
        estimate.seconds += Double(max(0, min(estimate.rowBytesAtMost, allowance) - standard)) / strongestDeflateBytesPerSecond
    }

    /// Adds what a cold APNG's deflate can cost beyond the measured rates, which hold
    /// libdeflate level 9 (the tier beyond the others: the calibration's renders have
    /// millions of bytes of rows). Which tier applies is known only from the rows as
    /// stored (after palettes and cropping, 1.2–12 times fewer than `rowBytesAtMost` on the
    /// probes), so the slowest one the rows can fall in is counted: each tier up to its
    /// limit (or the rows at most, if fewer) at its speed: at most 0.13 s (300 000 bytes
    /// at level 12).
    private static func priceColdTiers(_ estimate: inout RenderEstimate) {
        estimate.apngDeflate = .cold
        estimate.seconds += coldTierSeconds(rowsAtMost: estimate.rowBytesAtMost)
    }

    /// The slowest a cold APNG's deflate can be in a tier before `beyond`, in seconds of one
    /// core, for at most `rows` bytes of rows.
    static func coldTierSeconds(rowsAtMost rows: Int) -> Double {
        let tiers = APNGDeflateTiers.cold
        var slowest = 0.0
        for limit in tiers.limits {
            let fitting = min(rows, limit)
            guard let level = tiers.libdeflateLevel(forRows: fitting), let speed = coldTierBytesPerSecond[level] else {
                preconditionFailure("no measured speed for the cold deflate tier up to \(limit) bytes of rows")
            }
            slowest = max(slowest, Double(fitting) / speed)
            if rows <= limit { break }
        }
        return slowest
    }

    /// The libdeflate levels a cold APNG of at most `rows` bytes of rows can get, strongest
    /// first (level 12 alone when they cannot pass its 300 000 bytes).
    public static func coldLibdeflateLevels(rowsAtMost rows: Int) -> [Int] {
        let tiers = APNGDeflateTiers.cold
        var levels: [Int] = []
        for candidate in tiers.limits.map({ min(rows, $0) }) + [rows] {
            if let level = tiers.libdeflateLevel(forRows: candidate), !levels.contains(level) { levels.append(level) }
        }
        return levels
    }
}
