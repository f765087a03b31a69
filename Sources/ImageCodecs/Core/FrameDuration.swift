import ExactTime

/// How long a frame shows, exactly: a positive `Rational` number of seconds.
public struct FrameDuration: Hashable, Sendable {
    /// The duration in seconds; positive.
    public let seconds: Rational

    /// `seconds` seconds, which must be positive.
    public init(seconds: Rational) {
        precondition(seconds > .zero, "frame durations are positive")
        self.seconds = seconds
    }

    /// `numerator / denominator` seconds.
    public init(numerator: Int64, denominator: Int64) {
        self.init(seconds: Rational(numerator, denominator))
    }

    /// `milliseconds` ms (the model's unit of time).
    public init(milliseconds: Rational) {
        self.init(seconds: milliseconds / Rational(1000))
    }

    /// The reduced numerator, in seconds.
    public var numerator: Int64 { seconds.numerator }
    /// The reduced denominator.
    public var denominator: Int64 { seconds.denominator }

    /// The sum of two durations, exact.
    public static func + (lhs: FrameDuration, rhs: FrameDuration) -> FrameDuration {
        FrameDuration(seconds: lhs.seconds + rhs.seconds)
    }

    /// Where each frame starts, and where the last ends, in whole `1/unitsPerSecond`
    /// units: the exact running sum of `durations`, rounded half up at every boundary
    /// (never delay by delay), so the rounded delays add up to the rounded total without
    /// drift. `count + 1` values, the first 0.
    static func boundaries(of durations: [FrameDuration], unitsPerSecond: Int64) -> [Int64] {
        var boundaries: [Int64] = [0]
        var elapsed = Rational.zero
        for duration in durations {
            elapsed = elapsed + duration.seconds
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
