#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a keyframe segment moves from its value to the next keyframe's value:
/// a map from the share of the segment's time elapsed (0...1) to the share of
/// the change done. Every easing maps 0 to 0 and 1 to 1 (except `hold`, which
/// keeps 0 until the segment ends), so segments join without jumps.
public enum Easing: Hashable, Sendable {
    /// Constant speed (SwiftUI `.linear`).
    case linear
    /// A CSS/SwiftUI timing curve.
    case cubicBezier(CubicBezier)
    /// A critically damped spring released from rest (SwiftUI `.spring(duration:bounce: 0)`
    /// and `interpolatingSpring(duration:)`): `x(τ) = 1 − (1 + ωτ)·e^(−ωτ)` with
    /// `ω = 2π / response`. `stiffness` is `ω` times the segment's length (2π when the
    /// segment lasts one response). A real spring only approaches 1; the curve is divided
    /// by its value at the segment's end so that it lands exactly and loops seamlessly
    /// (at 2π that end value is 0.986, so the change is 1.4 %).
    case criticallyDampedSpring(stiffness: Double)
    /// Keeps the start value for the whole segment, then jumps (a step).
    case hold

    /// SwiftUI's `.easeInOut`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = Easing.cubicBezier(CubicBezier(0.42, 0, 0.58, 1))
    /// A SwiftUI spring whose response equals the segment's length.
    public static let springOverSegment = Easing.criticallyDampedSpring(stiffness: 2 * .pi)

    /// Share of the change done when `share` of the segment's time has elapsed.
    public func progress(_ share: Double) -> Double {
        let x = min(max(share, 0), 1)
        switch self {
        case .linear:
            return x
        case .cubicBezier(let curve):
            return curve.progress(at: x)
        case .criticallyDampedSpring(let stiffness):
            return Easing.spring(stiffness * x) / Easing.spring(stiffness)
        case .hold:
            return x >= 1 ? 1 : 0
        }
    }

    private static func spring(_ omegaTime: Double) -> Double {
        1 - (1 + omegaTime) * exp(-omegaTime)
    }
}
