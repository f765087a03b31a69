/// A solid stroke (`st`).
struct LottieStroke: Sendable {
    /// The name (`nm`), the last part of its keypath.
    var name: String
    /// The colour (`c`, ix 3), with its slot when apps may change it.
    var color: LottieProperty<LottieColor>
    /// Opacity in percent (`o`, ix 4).
    var opacity: LottieProperty<Double>
    /// Width in points (`w`, ix 5).
    var width: LottieProperty<Double>
    /// The cap (`lc`).
    var lineCap: LottieLineCap
    /// The join (`lj`). Default round.
    var lineJoin = LottieLineJoin.round
}
