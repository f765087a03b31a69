import ExactTime
/// A shape's outline in its own coordinates, in points. Moving parts are `AnimatedValue`s.
public enum Shape: Hashable, Sendable {
    /// A full circle.
    case circle(center: Point, radius: Double)
    /// A part of a circle, as SwiftUI's `Circle().trim(from:to:)`.
    case arc(Arc)
    /// An axis-aligned rectangle with fully rounded short ends (SwiftUI `Capsule`).
    case capsule(center: Point, width: Double, height: Double)

    /// The centre of the shape's circle or capsule.
    public var center: Point {
        switch self {
        case .circle(let center, _), .capsule(let center, _, _): center
        case .arc(let arc): arc.center
        }
    }
}

/// The part of a circle between two trim fractions, measured clockwise from `originDegrees`.
/// Fractions may be negative or above 1: `from: -0.05, to: 0.05` is a 36° arc centred on
/// the origin. SwiftUI's `Circle()` path starts at 3 o'clock, which is `originDegrees: 90`.
public struct Arc: Hashable, Sendable {
    /// Centre, in points.
    public let center: Point
    /// Radius of the path (the stroke's centre line), in points.
    public let radius: Double
    /// Where trim fraction 0 lies, in degrees clockwise from 12 o'clock.
    public let originDegrees: Double
    /// Start of the arc as a fraction of the full circle.
    public let from: AnimatedValue
    /// End of the arc as a fraction of the full circle; not less than `from`.
    public let to: AnimatedValue

    public init(center: Point, radius: Double, originDegrees: Double, from: AnimatedValue, to: AnimatedValue) {
        self.center = center
        self.radius = radius
        self.originDegrees = originDegrees
        self.from = from
        self.to = to
    }

    /// Where the arc starts and ends at model time `milliseconds`, in degrees clockwise
    /// from 12 o'clock (the end never before the start).
    public func degrees(at milliseconds: Rational) -> (start: Double, end: Double) {
        let start = from.value(at: milliseconds)
        let end = max(start, to.value(at: milliseconds))
        return (originDegrees + 360 * start, originDegrees + 360 * end)
    }
}

/// A shape with every moving part evaluated at one time.
public enum ResolvedShape: Hashable, Sendable {
    /// A full circle.
    case circle(center: Point, radius: Double)
    /// An arc from `startDegrees` clockwise to `endDegrees` (both clockwise from 12 o'clock).
    case arc(center: Point, radius: Double, startDegrees: Double, endDegrees: Double)
    /// A capsule.
    case capsule(center: Point, width: Double, height: Double)
}

extension Shape {
    /// The shape at model time `milliseconds`.
    public func resolved(at milliseconds: Rational) -> ResolvedShape {
        switch self {
        case .circle(let center, let radius):
            return .circle(center: center, radius: radius)
        case .capsule(let center, let width, let height):
            return .capsule(center: center, width: width, height: height)
        case .arc(let arc):
            let (start, end) = arc.degrees(at: milliseconds)
            return .arc(center: arc.center, radius: arc.radius, startDegrees: start, endDegrees: end)
        }
    }

    /// Every animated number the shape has.
    var animatedValues: [AnimatedValue] {
        if case .arc(let arc) = self { return [arc.from, arc.to] }
        return []
    }
}
