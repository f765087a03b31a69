import SpinnerModel

/// A linear (`t` 1) or radial (`t` 2) gradient from `start` to `end`: colour stops, then
/// opacity stops only when some stop is translucent (rlottie misdraws opacity stops, so an
/// opaque gradient has none).
struct LottieGradient: Sendable {
    /// Radial: offset 0 at `start`, 1 on the circle through `end` (highlight 0).
    var radial = false
    /// The number of colour stops (`g.p`).
    var colorCount: Int
    /// Each stop's offset 0...1, red, green and blue 0...1, one stop after another, then
    /// each stop's offset and opacity when any is translucent (`g.k`).
    var stops: LottieProperty<[Double]>
    /// The slot (`sid` of `g`, the stops and their count) that may replace the stops at
    /// run time; nil: none.
    var slot: String?
    /// Where offset 0 is, in points (`s`).
    var start: LottieProperty<LottieVector2>
    /// Where offset 1 is, in points (`e`).
    var end: LottieProperty<LottieVector2>

    /// The stops as `g.k` lists them: each stop's offset, red, green and blue, then each
    /// stop's offset and opacity only when some stop is translucent.
    static func values(of stops: [GradientStop]) -> [Double] {
        var values = stops.flatMap { stop in [stop.offset, stop.color.red, stop.color.green, stop.color.blue] }
        if stops.contains(where: { $0.color.alpha < 1 }) { values += stops.flatMap { [$0.offset, $0.color.alpha] } }
        return values
    }
}
