/// A linear-gradient fill (`gf`), fully opaque (`o` 100, ix 10), non-zero winding.
struct LottieGradientFill: Sendable {
    /// The name (`nm`), the last part of its keypath.
    var name: String
    /// Opacity in percent (`o`, ix 10). Default 100.
    var opacity = LottieProperty.fixed(100.0, index: 10)
    /// The gradient (stops ix 9, start ix 5, end ix 6).
    var gradient: LottieGradient
}
