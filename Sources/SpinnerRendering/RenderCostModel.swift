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
    /// Seconds every render takes whatever its size (scene, encoder set-up).
    static let fixedSeconds = 0.003

    /// Memory a render needs at its peak, in bytes, including the process's own (about
    /// 30 MB): encoders hold one 4-byte copy of every distinct frame (APNG, GIF), and a
    /// working set of about a dozen copies of one frame (48 bytes a pixel for APNG, 32 for
    /// GIF and PNG, whose single frame is filtered and compressed whole). WebP holds no
    /// frame list (frames are drawn as libwebp asks): libwebp keeps its canvases and
    /// candidate sub-frames, about 72 bytes a pixel. Measured peaks
    /// (`calibrate-render-cost.py` prints them) stay under this.
    static func peakBytes(format: OutputFormat, pixelSize: Int, frames: Int) -> Int {
        let base = 30 << 20, pixels = pixelSize * pixelSize
        switch format {
        case .svg: return base
        case .png: return base + pixels * 32
        case .gif: return base + pixels * frames * 4 + pixels * 32
        case .apng: return base + pixels * frames * 4 + pixels * 48
        case .webp: return base + pixels * 72
        }
    }

    /// The estimate for `frames` frames of `pixelSize` square pixels of `kind` in `format`.
    public static func estimate(kind: SpinnerKind, format: OutputFormat, pixelSize: Int, frames: Int, filledBackground: Bool,
                                quickEffortPixelFrames: Int) -> RenderEstimate {
        let peak = peakBytes(format: format, pixelSize: pixelSize, frames: frames)
        guard format != .svg, let byEffort = measuredRates[format] else {
            return RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, seconds: fixedSeconds, peakBytes: peak)
        }
        let pixelFrames = pixelSize * pixelSize * frames
        let quick = format != .png && pixelFrames > quickEffortPixelFrames
        let rate = byEffort[quick ? 1 : 0][kind].map { filledBackground ? $0.filled : $0.transparent } ?? 0.5
        let perFrame = measuredSecondsPerFrame[format]?[kind] ?? 0.002
        return RenderEstimate(format: format, pixelSize: pixelSize, frames: frames,
                              seconds: fixedSeconds + Double(frames) * perFrame + Double(pixelFrames) / 1_000_000 * rate, peakBytes: peak)
    }
}
