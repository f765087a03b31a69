import ImageCodecs
import SpinnerModel

/// The shape of the measured cost table (`RenderCostTable.swift`, generated): every cell a
/// field, so a table that leaves out a drawn format, an effort it has or a kind does not
/// compile, and a new kind or format cannot be added without measuring it.
extension RenderCostModel {
    /// One value per kind, a field each.
    struct PerKind<Value: Sendable>: Sendable {
        let circular: Value
        let activity: Value
        let dots: Value
        let arc: Value
        let capsules: Value

        subscript(kind: SpinnerKind) -> Value {
            switch kind {
            case .circular: circular
            case .activity: activity
            case .dots: dots
            case .arc: arc
            case .capsules: capsules
            }
        }
    }

    /// What one drawn format costs: seconds of one core per megapixel-frame at each encoder
    /// effort it has, by kind and background, and seconds per frame whatever its size.
    struct FormatCosts: Sendable {
        let thorough: PerKind<Rate>
        /// Nil for a format with one effort (PNG: `efforts(of:)`).
        let quick: PerKind<Rate>?
        let secondsPerFrame: PerKind<Double>

        /// The rates at `effort`, if the format has it.
        func rates(_ effort: EncoderEffort) -> PerKind<Rate>? {
            switch effort {
            case .thorough: thorough
            case .quick: quick
            }
        }
    }

    /// The costs of every drawn format, a field each; nil for the written ones (SVG, Lottie, dotLottie).
    struct MeasuredCosts: Sendable {
        /// APNG at quick effort, and a kind's defaults at thorough effort (rendered ahead:
        /// the strongest deflate, zlib's level 9 beyond; measured before the cold tiers,
        /// when every APNG was compressed so).
        let apng: FormatCosts
        /// APNG at thorough effort for every URL but a kind's defaults: the cold deflate
        /// tiers (`APNGDeflateTiers.cold`), at the calibration's sizes libdeflate level 9
        /// (the slower tiers are priced by `RenderCostModel.coldTierSeconds`). No quick
        /// rates: quick effort compresses alike whatever the URL (`apng`'s).
        let apngCold: FormatCosts
        let gif: FormatCosts
        let png: FormatCosts
        let webp: FormatCosts

        subscript(format: OutputFormat) -> FormatCosts? {
            switch format {
            case .apng: apng
            case .gif: gif
            case .png: png
            case .webp: webp
            case .svg, .lottie, .dotlottie: nil
            }
        }
    }
}
