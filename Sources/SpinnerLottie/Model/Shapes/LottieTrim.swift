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
