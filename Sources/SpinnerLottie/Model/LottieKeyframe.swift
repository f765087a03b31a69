/// One keyframe of a property, in lottie-ios's manner: a time, a value, and how the value
/// moves on to the next keyframe. rlottie's rule: every keyframe but the last carries its
/// easing (`o`/`i` tangents, or `h` for a hold), the last only its time and value.
struct LottieKeyframe<Value: LottiePropertyValue>: Sendable {
    /// How the value moves from this keyframe to the next.
    enum Easing: Sendable {
        /// A cubic Bézier from (0, 0) through the out tangent (`o`) and the in tangent
        /// (`i`) to (1, 1), in shares of the segment's time and change.
        case eased(out: LottieTangent, in: LottieTangent)
        /// The value holds until the next keyframe (`h` 1).
        case hold
        /// The last keyframe: no easing, nothing follows.
        case final
    }

    /// The frame (fractional between frames; negative before the loop starts).
    var frame: Double
    /// The value at `frame`, in Lottie units (percent for opacities and trims, degrees).
    var value: Value
    /// How the value moves on; `.final` for the last.
    var easing: Easing
}

/// A Bézier control point of a keyframe's easing: shares 0...1 of the segment's time (`x`)
/// and change (`y`; may overshoot).
struct LottieTangent: Sendable {
    /// Share of the segment's time.
    var x: Double
    /// Share of the segment's change.
    var y: Double
}
