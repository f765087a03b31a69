/// A linear-gradient stroke (`gs`), fully opaque.
struct LottieGradientStroke: Sendable {
    /// The name (`nm`), the last part of its keypath.
    var name: String
    /// Opacity in percent (`o`, ix 9). Default 100.
    var opacity = LottieProperty.fixed(100.0, index: 9)
    /// Width in points (`w`, ix 10).
    var width: LottieProperty<Double>
    /// The gradient (stops ix 8, start ix 4, end ix 5).
    var gradient: LottieGradient
    /// The cap (`lc`).
    var lineCap: LottieLineCap
    /// The join (`lj`). Default round.
    var lineJoin = LottieLineJoin.round
}
