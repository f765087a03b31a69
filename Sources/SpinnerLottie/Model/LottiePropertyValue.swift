/// A value a Lottie property holds: a number, or a fixed-length list of numbers (a
/// point, a colour, gradient stops).
protocol LottiePropertyValue: Sendable {
    /// Its numbers in the order Lottie lists them.
    var components: [Double] { get }
    /// True when a fixed value is written as one bare number rather than an array (a
    /// keyframe's value is an array either way). Default false.
    static var isScalar: Bool { get }
}

extension LottiePropertyValue {
    static var isScalar: Bool { false }
}

extension Double: LottiePropertyValue {
    var components: [Double] { [self] }
    static var isScalar: Bool { true }
}

/// A list of numbers written as they are: gradient stops (offset, red, green, blue each).
extension Array: LottiePropertyValue where Element == Double {
    var components: [Double] { self }
}

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
    var x: Double
    var y: Double
    var z: Double

    var components: [Double] { [x, y, z] }
}

/// A colour as Lottie writes one: red, green and blue 0...1 and an alpha that is always 1
/// (four components, as the exporter writes and Qt's player needs; the alpha goes to the
/// paint's opacity, which is where every player reads it).
struct LottieColor: LottiePropertyValue {
    /// Red 0...1.
    var red: Double
    /// Green 0...1.
    var green: Double
    /// Blue 0...1.
    var blue: Double

    var components: [Double] { [red, green, blue, 1] }
}
