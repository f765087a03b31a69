/// A group's transform (`tr`): a rotation about a pivot (anchor and position both there)
/// and an opacity; unskewed, unscaled.
struct LottieShapeTransform: Sendable {
    /// Where the anchor lands, in points (`p`, ix 2): the pivot.
    var position: LottieProperty<LottieVector2>
    /// The point turned about, in points (`a`, ix 1): the pivot.
    var anchor: LottieProperty<LottieVector2>
    /// Scale in percent (`s`, ix 3). Default 100 %.
    var scale = LottieProperty.fixed(LottieVector2(x: 100, y: 100), index: 3)
    /// Rotation in degrees, clockwise (`r`, ix 6).
    var rotation: LottieProperty<Double>
    /// Opacity in percent (`o`, ix 7).
    var opacity: LottieProperty<Double>
    /// Skew in degrees (`sk`, ix 4). Default 0.
    var skew = LottieProperty.fixed(0.0, index: 4)
    /// Skew axis in degrees (`sa`, ix 5). Default 0.
    var skewAxis = LottieProperty.fixed(0.0, index: 5)

    /// Turned by `rotation` (degrees) about (`x`, `y`) points, at `opacity` (percent).
    init(pivotX x: Double, pivotY y: Double, rotation: LottieProperty<Double>.Content, opacity: LottieProperty<Double>.Content) {
        position = .fixed(LottieVector2(x: x, y: y), index: 2)
        anchor = .fixed(LottieVector2(x: x, y: y), index: 1)
        self.rotation = LottieProperty(content: rotation, index: 6)
        self.opacity = LottieProperty(content: opacity, index: 7)
    }

    /// The transform that changes nothing.
    static let identity = LottieShapeTransform(pivotX: 0, pivotY: 0, rotation: .fixed(0), opacity: .fixed(100))
}
