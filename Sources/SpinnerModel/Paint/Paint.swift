/// How a shape is coloured. Gradient geometry is in the shape's own coordinates
/// (before its transforms), so a gradient turns with the shape, as in SwiftUI.
public enum Paint: Hashable, Sendable {
    /// One colour.
    case solid(Color)
    /// A gradient along a line.
    case linear(LinearGradient)
    /// A gradient around a centre (SwiftUI `AngularGradient`, CSS `conic-gradient`).
    case angular(AngularGradient)
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
