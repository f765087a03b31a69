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

/// A scalar: an opacity or a trim in percent, an angle in degrees, a width in points.
extension Double: LottiePropertyValue {
    var components: [Double] { [self] }
    static var isScalar: Bool { true }
}

/// A list of numbers written as they are: gradient stops (offset, red, green, blue each).
extension Array: LottiePropertyValue where Element == Double {
    var components: [Double] { self }
}
