import SpinnerModel

/// How long a render takes on one core, by format, from the pixels × frames it plans:
/// a fixed part plus a part per megapixel-frame. The figures were measured on this
/// project's machines (2 cores, x86-64; `make bench` prints them again) with the largest
/// frame each kind draws, and are the slowest kind's, so estimates err on the high side.
/// The `work` the budget bounds is pixels × frames weighted by the format's cost relative
/// to APNG, the costliest.
public enum RenderCostModel {
    /// Seconds of a render of `format`: fixed, and per megapixel-frame.
    struct FormatCost: Sendable {
        let fixedSeconds: Double
        let secondsPerMegapixelFrame: Double
    }

    static func formatCost(_ format: OutputFormat) -> FormatCost {
        switch format {
        case .svg: FormatCost(fixedSeconds: 0.002, secondsPerMegapixelFrame: 0)
        case .png: FormatCost(fixedSeconds: 0.005, secondsPerMegapixelFrame: 0.08)
        case .gif: FormatCost(fixedSeconds: 0.005, secondsPerMegapixelFrame: 0.05)
        case .apng: FormatCost(fixedSeconds: 0.005, secondsPerMegapixelFrame: 0.1)
        }
    }

    /// The estimate for `frames` frames of `pixelSize` square pixels in `format`.
    public static func estimate(format: OutputFormat, pixelSize: Int, frames: Int) -> RenderEstimate {
        let cost = formatCost(format), reference = formatCost(.apng)
        let pixelFrames = format == .svg ? 0 : pixelSize * pixelSize * frames
        let work = Int((Double(pixelFrames) * cost.secondsPerMegapixelFrame / reference.secondsPerMegapixelFrame).rounded(.up))
        let seconds = cost.fixedSeconds + Double(pixelFrames) / 1_000_000 * cost.secondsPerMegapixelFrame
        return RenderEstimate(format: format, pixelSize: pixelSize, frames: frames, work: work, seconds: seconds)
    }
}
