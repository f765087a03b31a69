/// How long a frame shows, as an exact fraction of a second.
public struct FrameDuration: Hashable, Sendable {
    /// Numerator, in seconds; positive.
    public let numerator: Int64
    /// Denominator; positive.
    public let denominator: Int64

    /// `numerator / denominator` seconds, reduced.
    public init(numerator: Int64, denominator: Int64) {
        precondition(numerator > 0 && denominator > 0, "frame durations are positive")
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Greatest common divisor of two positive numbers.
    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The sum of two durations, exact.
    public static func + (lhs: FrameDuration, rhs: FrameDuration) -> FrameDuration {
        FrameDuration(numerator: lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
                      denominator: lhs.denominator * rhs.denominator)
    }

    /// Where each frame starts, and where the last ends, in whole `1/unitsPerSecond`
    /// units: the exact running sum of `durations`, rounded half up at every boundary
    /// (never delay by delay), so the rounded delays add up to the rounded total without
    /// drift. `count + 1` values, the first 0.
    static func boundaries(of durations: [FrameDuration], unitsPerSecond: Int64) -> [Int64] {
        var boundaries: [Int64] = [0]
        var elapsed: (numerator: Int64, denominator: Int64) = (0, 1)
        for duration in durations {
            let numerator = elapsed.numerator * duration.denominator + duration.numerator * elapsed.denominator
            let denominator = elapsed.denominator * duration.denominator
            let divisor = gcd(numerator, denominator)
            elapsed = (numerator / divisor, denominator / divisor)
            boundaries.append((elapsed.numerator * unitsPerSecond * 2 + elapsed.denominator) / (2 * elapsed.denominator))
        }
        return boundaries
    }

    /// When each frame ends, in whole milliseconds from the start: boundaries rounded
    /// cumulatively (so the total is the exact total, rounded, without drift), each frame
    /// at least 1 ms long (a shorter one borrows from the frames after it).
    public static func wholeMilliseconds(_ durations: [FrameDuration]) -> [Int64] {
        var written: Int64 = 0
        return boundaries(of: durations, unitsPerSecond: 1000).dropFirst().map { target in
            written += max(1, target - written)
            return written
        }
    }
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
