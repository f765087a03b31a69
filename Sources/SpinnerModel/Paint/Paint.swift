#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a shape is coloured. Gradient geometry is in the shape's own coordinates
/// (before its transforms), so a gradient turns with the shape, as in SwiftUI.
public enum Paint: Hashable, Sendable {
    /// One colour.
    case solid(Color)
    /// A gradient along a line.
    case linear(LinearGradient)
    /// A gradient out from a centre to an ellipse (SwiftUI `EllipticalGradient`, CSS `radial-gradient`).
    case radial(RadialGradient)
    /// A gradient around a centre (SwiftUI `AngularGradient`, CSS `conic-gradient`).
    case angular(AngularGradient)

    /// The colour at `point` (in the paint's coordinates): what an element centred there
    /// takes when a gradient colours repeated elements.
    public func color(at point: Point) -> Color {
        switch self {
        case .solid(let color):
            return color
        case .linear(let gradient):
            let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
            let squared = dx * dx + dy * dy
            let along = squared > 0 ? ((point.x - gradient.start.x) * dx + (point.y - gradient.start.y) * dy) / squared : 0
            return gradient.stops.color(at: along)
        case .radial(let gradient):
            let x = (point.x - gradient.center.x) / gradient.radiusX, y = (point.y - gradient.center.y) / gradient.radiusY
            return gradient.stops.color(at: (x * x + y * y).squareRoot())
        case .angular(let gradient):
            var degrees = atan2(point.x - gradient.center.x, gradient.center.y - point.y) * 180 / .pi - gradient.startDegrees
            degrees = degrees.truncatingRemainder(dividingBy: 360)
            if degrees < 0 { degrees += 360 }
            return gradient.stops.color(at: degrees / 360)
        }
    }

    /// Whether any of its colours has opacity.
    public var isVisible: Bool {
        switch self {
        case .solid(let color): color.alpha > 0
        case .linear(let g): g.stops.contains { $0.color.alpha > 0 }
        case .radial(let g): g.stops.contains { $0.color.alpha > 0 }
        case .angular(let g): g.stops.contains { $0.color.alpha > 0 }
        }
    }

    /// Whether it is an angular (conic) gradient, which SVG and Lottie cut into pieces.
    public var isAngular: Bool {
        if case .angular = self { return true }
        return false
    }

    /// The same paint with every colour changed by `change` (an inner shadow's bands).
    public func mappingColors(_ change: (Color) -> Color) -> Paint {
        func mapped(_ stops: [GradientStop]) -> [GradientStop] { stops.map { GradientStop($0.offset, change($0.color)) } }
        switch self {
        case .solid(let color): return .solid(change(color))
        case .linear(let g): return .linear(LinearGradient(start: g.start, end: g.end, stops: mapped(g.stops)))
        case .radial(let g): return .radial(RadialGradient(center: g.center, radiusX: g.radiusX, radiusY: g.radiusY, stops: mapped(g.stops)))
        case .angular(let g): return .angular(AngularGradient(center: g.center, startDegrees: g.startDegrees, stops: mapped(g.stops)))
        }
    }
}

/// A colour at a position along a gradient.
public struct GradientStop: Hashable, Sendable {
    /// Position along the gradient, 0...1.
    public let offset: Double
    /// Colour at that position.
    public let color: Color

    public init(_ offset: Double, _ color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A gradient whose colour depends on the projection onto `start → end`;
/// before `start` and past `end` the end colours extend (SwiftUI's behaviour).
public struct LinearGradient: Hashable, Sendable {
    /// Where offset 0 lies, in points.
    public let start: Point
    /// Where offset 1 lies, in points.
    public let end: Point
    /// Colour stops in increasing offset order; at least one.
    public let stops: [GradientStop]

    public init(start: Point, end: Point, stops: [GradientStop]) {
        precondition(!stops.isEmpty, "a gradient needs a stop")
        self.start = start
        self.end = end
        self.stops = stops
    }
}

/// A gradient from `center` (offset 0) out to the ellipse of radii `radiusX` × `radiusY`
/// (offset 1), axis-aligned; past it the last colour extends.
public struct RadialGradient: Hashable, Sendable {
    /// Centre, in points.
    public let center: Point
    /// Horizontal and vertical radii of offset 1, in points (positive).
    public let radiusX: Double
    public let radiusY: Double
    /// Colour stops in increasing offset order; at least one.
    public let stops: [GradientStop]

    public init(center: Point, radiusX: Double, radiusY: Double, stops: [GradientStop]) {
        precondition(!stops.isEmpty, "a gradient needs a stop")
        self.center = center
        self.radiusX = max(radiusX, 0.001)
        self.radiusY = max(radiusY, 0.001)
        self.stops = stops
    }
}

/// A gradient that sweeps once clockwise around `center`: offset 0 lies at
/// `startDegrees` and offset 1 a full turn later.
public struct AngularGradient: Hashable, Sendable {
    /// Centre of the sweep, in points.
    public let center: Point
    /// Where offset 0 lies, in degrees clockwise from 12 o'clock. SwiftUI's default is 90 (3 o'clock).
    public let startDegrees: Double
    /// Colour stops in increasing offset order; at least one.
    public let stops: [GradientStop]

    public init(center: Point, startDegrees: Double, stops: [GradientStop]) {
        precondition(!stops.isEmpty, "a gradient needs a stop")
        self.center = center
        self.startDegrees = startDegrees
        self.stops = stops
    }
}

extension Array where Element == GradientStop {
    /// The colour at `offset` (clamped to 0...1), interpolated between neighbouring stops.
    public func color(at offset: Double) -> Color {
        guard let first = first, let last = last else { return .transparent }
        if offset <= first.offset { return first.color }
        if offset >= last.offset { return last.color }
        for (lower, upper) in zip(self, dropFirst()) where offset <= upper.offset {
            let span = upper.offset - lower.offset
            return span > 0 ? lower.color.mixed(with: upper.color, fraction: (offset - lower.offset) / span)
                            : upper.color
        }
        return last.color
    }
}
