import ExactTime
/// One value's motion over one period: keyframes at exact fractions of the period,
/// each with the easing that leads to the next keyframe (lottie's `Keyframe<T>`).
/// The first keyframe is at 0 and the last at 1; the track repeats every period.
public struct KeyframeTrack: Hashable, Sendable {
    /// A value at a point of the period and how it moves on to the next keyframe.
    public struct Keyframe: Hashable, Sendable {
        /// Position in the period, 0...1 (exact).
        public let at: Rational
        /// The value there (degrees, opacity, trim fraction… as the property says).
        public let value: Double
        /// How the segment from here to the next keyframe moves. Ignored on the last keyframe.
        public let easing: Easing

        public init(at: Rational, value: Double, easing: Easing = .linear) {
            self.at = at
            self.value = value
            self.easing = easing
        }
    }

    /// Length of one repetition in whole milliseconds; positive.
    public let periodMilliseconds: Int
    /// Keyframes in increasing `at`, from 0 to 1.
    public let keyframes: [Keyframe]

    /// A track; keyframes must start at 0, end at 1 and increase (programmer error otherwise).
    public init(periodMilliseconds: Int, keyframes: [Keyframe]) {
        precondition(periodMilliseconds > 0, "track period must be positive")
        precondition(keyframes.count >= 2, "a track needs two keyframes")
        precondition(keyframes.first?.at == .zero && keyframes.last?.at == Rational(1), "track must span 0...1")
        precondition(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.at < $1.at }, "keyframes out of order")
        self.periodMilliseconds = periodMilliseconds
        self.keyframes = keyframes
    }

    /// One steady clockwise turn, 0° to 360°, every `periodMilliseconds`.
    public static func turn(periodMilliseconds: Int) -> KeyframeTrack {
        KeyframeTrack(periodMilliseconds: periodMilliseconds,
                      keyframes: [.init(at: .zero, value: 0, easing: .linear), .init(at: Rational(1), value: 360)])
    }

    /// Period as an exact time in milliseconds.
    public var period: Rational { Rational(periodMilliseconds) }

    /// True when every segment holds (the value only ever jumps).
    public var isStepped: Bool { keyframes.dropLast().allSatisfy { $0.easing == .hold } }

    /// The value at `fraction` of the period (0 ≤ fraction < 1; 1 gives the last value).
    public func value(atFraction fraction: Rational) -> Double {
        guard let index = keyframes.lastIndex(where: { $0.at <= fraction }) else { return keyframes[0].value }
        let from = keyframes[index]
        guard index + 1 < keyframes.count else { return from.value }
        let to = keyframes[index + 1]
        let share = ((fraction - from.at) / (to.at - from.at)).doubleValue
        return from.value + (to.value - from.value) * from.easing.progress(share)
    }
}
