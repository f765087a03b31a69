/// A 2D layer's transform (`ks`) as the exporter writes it: opacity, rotation, then
/// position, anchor and scale in three components.
struct LottieLayerTransform: Sendable {
    /// Opacity in percent (`o`, ix 11). Default 100.
    var opacity = LottieProperty.fixed(100.0, index: 11)
    /// Rotation in degrees, clockwise (`r`, ix 10).
    var rotation: LottieProperty<Double>
    /// Where the anchor lands in the parent, in points (`p`, ix 2).
    var position: LottieProperty<LottieVector3>
    /// The point turned and scaled about, in the layer's points (`a`, ix 1).
    var anchor: LottieProperty<LottieVector3>
    /// Scale in percent (`s`, ix 6).
    var scale: LottieProperty<LottieVector3>

    /// Turned `degrees` about (`anchorX`, `anchorY`) points and scaled by `percent`, the
    /// anchor staying where it is on the scaled canvas. With `mirroredWidth`, also mirrored
    /// left to right across a box that many points wide (x ↦ width − x, before the scale):
    /// a negative horizontal scale, the anchor landing at its mirror image.
    init(anchorX: Double, anchorY: Double, degrees: Double, percent: Double, mirroredWidth: Double? = nil) {
        rotation = .fixed(degrees, index: 10)
        let landing = mirroredWidth.map { $0 - anchorX } ?? anchorX
        position = .fixed(LottieVector3(x: landing * percent / 100, y: anchorY * percent / 100, z: 0), index: 2)
        anchor = .fixed(LottieVector3(x: anchorX, y: anchorY, z: 0), index: 1)
        scale = .fixed(LottieVector3(x: mirroredWidth == nil ? percent : -percent, y: percent, z: 100), index: 6)
    }
}
