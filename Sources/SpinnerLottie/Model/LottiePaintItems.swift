/// A solid fill (`fl`), non-zero winding (`r` 1).
struct LottieFill: Sendable {
    /// The name (`nm`), the last part of its keypath. Default "Fill".
    var name = "Fill"
    /// The colour (`c`, ix 4), with its slot when apps may change it.
    var color: LottieProperty<LottieColor>
    /// Opacity in percent (`o`, ix 5): the colour's alpha, in the opacity slot with the colour's.
    var opacity: LottieProperty<Double>
}

/// A line cap (`lc`).
enum LottieLineCap: Int, Sendable {
    /// Ends cut square at the path's ends.
    case butt = 1
    /// Half-circle ends.
    case round = 2
}

/// A line join (`lj`).
enum LottieLineJoin: Int, Sendable {
    /// Round corners (the only join written: the exporter adds a miter limit with a miter join).
    case round = 2
}

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

/// A linear gradient (`t` 1) of colour stops (colours only: rlottie misdraws
/// transparency stops) from `start` to `end`.
struct LottieGradient: Sendable {
    /// The number of colour stops (`g.p`).
    var colorCount: Int
    /// Each stop's offset 0...1, red, green and blue 0...1, one stop after another (`g.k`).
    var stops: LottieProperty<[Double]>
    /// Where offset 0 is, in points (`s`).
    var start: LottieProperty<LottieVector2>
    /// Where offset 1 is, in points (`e`).
    var end: LottieProperty<LottieVector2>
}

/// A linear-gradient fill (`gf`), fully opaque (`o` 100, ix 10), non-zero winding.
struct LottieGradientFill: Sendable {
    /// The name (`nm`), the last part of its keypath.
    var name: String
    /// Opacity in percent (`o`, ix 10). Default 100.
    var opacity = LottieProperty.fixed(100.0, index: 10)
    /// The gradient (stops ix 9, start ix 5, end ix 6).
    var gradient: LottieGradient
}

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
