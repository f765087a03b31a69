/// An ellipse path (`el`), drawn from 12 o'clock clockwise (`d` 1), as the model measures arcs.
struct LottieEllipse: Sendable {
    /// Width and height in points (`s`, ix 2).
    var size: LottieProperty<LottieVector2>
    /// Centre in points (`p`, ix 3).
    var position: LottieProperty<LottieVector2>
    /// The name (`nm`). Default the exporter's "Ellipse Path 1".
    var name = "Ellipse Path 1"

    /// `width` by `height` points about (`x`, `y`).
    init(x: Double, y: Double, width: Double, height: Double) {
        size = .fixed(LottieVector2(x: width, y: height), index: 2)
        position = .fixed(LottieVector2(x: x, y: y), index: 3)
    }
}
