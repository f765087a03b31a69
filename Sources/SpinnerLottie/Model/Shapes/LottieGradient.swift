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
