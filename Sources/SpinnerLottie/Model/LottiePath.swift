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

/// A trim (`tm`): the paths before it cut to `start`...`end` of their length, each path
/// alone (`m` 1), the start turned by `offset`.
struct LottieTrim: Sendable {
    /// Where the kept stretch starts, in percent of the length (`s`, ix 1).
    var start: LottieProperty<Double>
    /// Where it ends, in percent (`e`, ix 2).
    var end: LottieProperty<Double>
    /// How far the path's start is turned, in degrees (`o`, ix 3).
    var offset: LottieProperty<Double>
    /// The name (`nm`). Default the exporter's "Trim Paths 1".
    var name = "Trim Paths 1"

    /// From `start` to `end` percent, turned by `offsetDegrees`.
    init(start: LottieProperty<Double>.Content, end: LottieProperty<Double>.Content, offsetDegrees: Double) {
        self.start = LottieProperty(content: start, index: 1)
        self.end = LottieProperty(content: end, index: 2)
        offset = .fixed(offsetDegrees, index: 3)
    }
}
