/// A rounded-rectangle path (`rc`), drawn clockwise (`d` 1).
struct LottieRectangle: Sendable {
    /// Width and height in points (`s`, ix 2).
    var size: LottieProperty<LottieVector2>
    /// Centre in points (`p`, ix 3).
    var position: LottieProperty<LottieVector2>
    /// Corner radius in points (`r`, ix 4).
    var roundness: LottieProperty<Double>
    /// The name (`nm`). Default the exporter's "Rectangle Path 1".
    var name = "Rectangle Path 1"

    /// `width` by `height` points about (`x`, `y`), corners rounded by `radius` points.
    init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        size = .fixed(LottieVector2(x: width, y: height), index: 2)
        position = .fixed(LottieVector2(x: x, y: y), index: 3)
        roundness = .fixed(radius, index: 4)
    }
}
