import ImageCodecs
import SpinnerModel

/// How long a render takes on one core, known before any work: seconds per frame
/// (drawing a path costs whatever its pixels) plus seconds per megapixel-frame (pixels ×
/// frames) by format, encoder effort, kind and background
/// (transparent, or filled with a colour — translucent fills cost the most), measured on
/// this project's machines by `scripts/calibrate-render-cost.py` (`RenderCostTable.swift`,
/// with a margin for noise), plus a small fixed part. SVG is written, not drawn: its cost
/// is the fixed part alone. `/metrics` sums estimated and measured seconds by format, so
/// the calibration can be checked in production.
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
    /// error here stays inside a render of under a second.
    static let strongestDeflateBytesPerSecond = 1_500_000.0

    /// Memory a render needs at its peak, in bytes, including the process's own (about
    /// 30 MB): encoders hold one 4-byte copy of every distinct frame (APNG, GIF), and a
    /// working set of about a dozen copies of one frame (48 bytes a pixel for APNG, 32 for
    /// GIF and PNG, whose single frame is filtered and compressed whole). APNG's second
    /// thread (`Parallel`) adds its compressors and buffers: 8–13 MB measured, counted as
    /// 16 MiB. WebP holds no frame list (frames are drawn in small batches as they are
    /// coded): libwebp keeps its canvases and a frame's working set on each thread, about
    /// 72 bytes a pixel. Measured peaks (`calibrate-render-cost.py` prints them) stay
    /// under this.
    static func peakBytes(format: OutputFormat, pixelSize: Int, frames: Int) -> Int {
        let base = 30 << 20, pixels = pixelSize * pixelSize
        switch format {
        case .svg, .lottie: return base
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
        case .svg, .lottie: []
        case .png: [.thorough]
        case .apng, .gif, .webp: [.thorough, .quick]
        }
    }

    /// The estimate for `frames` frames of `pixelSize` square pixels of `kind` in `format`,
    /// with the encoder effort it gets — the one place that is decided: thorough for the
    /// sizes people use; quick beyond `quickEffortPixelFrames`, or where thorough would
    /// take longer than `thoroughWithinSeconds` (a still PNG is always thorough).
    public static func estimate(kind: SpinnerKind, format: OutputFormat, pixelSize: Int, frames: Int,
                                filledBackground: Bool) -> RenderEstimate {
        let pixelFrames = pixelSize * pixelSize * frames
        let efforts = efforts(of: format)
        if efforts.contains(.quick) && pixelFrames > quickEffortPixelFrames {
            return estimate(kind: kind, format: format, pixelSize: pixelSize, frames: frames, filledBackground: filledBackground,
                            effort: .quick)
        }
        let thorough = estimate(kind: kind, format: format, pixelSize: pixelSize, frames: frames, filledBackground: filledBackground,
                                effort: .thorough)
        guard efforts.contains(.quick), thorough.seconds > thoroughWithinSeconds else { return thorough }
        return estimate(kind: kind, format: format, pixelSize: pixelSize, frames: frames, filledBackground: filledBackground,
                        effort: .quick)
    }

    /// The estimate at a given effort.
    private static func estimate(kind: SpinnerKind, format: OutputFormat, pixelSize: Int, frames: Int, filledBackground: Bool,
                                 effort: EncoderEffort) -> RenderEstimate {
        let peak = peakBytes(format: format, pixelSize: pixelSize, frames: frames)
        let pixelFrames = pixelSize * pixelSize * frames
        guard !format.isVector else {
            return RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, effort: effort, seconds: fixedSeconds,
                                  peakBytes: peak)
        }
        guard let costs = measured[format], let rates = costs.rates(effort)?[kind] else {
            preconditionFailure("RenderCostTable.swift has no \(format) \(effort) rates: efforts(of:) and the table disagree")
        }
        let perFrame = costs.secondsPerFrame[kind]
        let rate = filledBackground ? rates.filled : rates.transparent
        var estimate = RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, effort: effort,
                                      seconds: fixedSeconds + Double(frames) * perFrame + Double(pixelFrames) / 1_000_000 * rate,
                                      peakBytes: peak)
        if format == .apng && effort == .thorough { allowStrongestDeflate(&estimate) }
        return estimate
    }

    /// Raises an APNG's strongest-deflate allowance to what fits in
    /// `strongestDeflateWithinSeconds`, and counts the extra work: the rows, at most
    /// every frame whole in RGBA (cropping and palettes only make them fewer), beyond the
    /// standard allowance, at `strongestDeflateBytesPerSecond`. The estimate then stays
    /// under `strongestDeflateWithinSeconds`.
    private static func allowStrongestDeflate(_ estimate: inout RenderEstimate) {
        let standard = APNGEncoder.standardStrongestBytes
        let spare = strongestDeflateWithinSeconds - estimate.seconds
        guard spare > 0 else { return }
        let allowance = Int(spare * strongestDeflateBytesPerSecond)
        guard allowance > standard else { return }
        let rows = estimate.pixelSize * (estimate.pixelSize * 4 + 1) * estimate.frames
        estimate.strongestDeflateBytes = allowance
        estimate.seconds += Double(max(0, min(rows, allowance) - standard)) / strongestDeflateBytesPerSecond
    }
}
