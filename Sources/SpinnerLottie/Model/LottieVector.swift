/// A point or size in points, or a percentage pair (`[x, y]`).
struct LottieVector2: LottiePropertyValue {
    /// Horizontal component (points, or percent for a scale).
    var x: Double
    /// Vertical component.
    var y: Double

    var components: [Double] { [x, y] }
}

/// A layer's three-component point, anchor or scale (`[x, y, z]`); a 2D layer leaves the
/// third at 0 (points) or 100 (percent).
struct LottieVector3: LottiePropertyValue {
    /// Horizontal component (points, or percent for a scale).
    var x: Double
    /// Vertical component.
    var y: Double
    /// Depth: 0 for a point, 100 for a scale (a 2D layer does not use it).
    var z: Double

    var components: [Double] { [x, y, z] }
}
