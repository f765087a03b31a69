import ExactTime
/// A number that is either fixed or follows a keyframe track, shifted in time.
public enum AnimatedValue: Hashable, Sendable {
    /// The same value at every time.
    case constant(Double)
    /// `track` evaluated at `(t + offset) mod period`: `offset` (ms) is how far into its
    /// track the value is at time 0. A SwiftUI `.delay(d)` in the steady state is
    /// `offset = −d`; CSS writes it as `animation-delay: −(offset mod period)`.
    case track(KeyframeTrack, offset: Rational)

    /// A track that starts at its beginning at time 0.
    public static func track(_ track: KeyframeTrack) -> AnimatedValue {
        .track(track, offset: .zero)
    }

    /// The value at model time `milliseconds`.
    public func value(at milliseconds: Rational) -> Double {
        switch self {
        case .constant(let value):
            return value
        case .track(let track, let offset):
            let local = (milliseconds + offset).modulo(track.period)
            return track.value(atFraction: local / track.period)
        }
    }

    /// The track, when the value moves.
    public var keyframeTrack: KeyframeTrack? {
        if case .track(let track, _) = self { return track }
        return nil
    }
}
