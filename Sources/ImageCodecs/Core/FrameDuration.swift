/// How long a frame shows, as an exact fraction of a second.
public struct FrameDuration: Hashable, Sendable {
    /// Numerator, in seconds; positive.
    public let numerator: Int64
    /// Denominator; positive.
    public let denominator: Int64

    /// `numerator / denominator` seconds, reduced.
    public init(numerator: Int64, denominator: Int64) {
        precondition(numerator > 0 && denominator > 0, "frame durations are positive")
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// The sum of two durations, exact.
    public static func + (lhs: FrameDuration, rhs: FrameDuration) -> FrameDuration {
        FrameDuration(numerator: lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
                      denominator: lhs.denominator * rhs.denominator)
    }

    /// Seconds as a `Double`.
    public var seconds: Double { Double(numerator) / Double(denominator) }
}

/// One frame of an animation: its picture and how long it shows.
public struct AnimationFrame: Hashable, Sendable {
    /// The picture.
    public let image: RGBAImage
    /// How long it shows.
    public let duration: FrameDuration

    public init(image: RGBAImage, duration: FrameDuration) {
        self.image = image
        self.duration = duration
    }
}
