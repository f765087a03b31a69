#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A position in points, in a y-down coordinate space (as SwiftUI, Cairo and SVG use).
public struct Point: Hashable, Sendable {
    /// Horizontal position in points; grows to the right.
    public var x: Double
    /// Vertical position in points; grows downwards.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point on a circle of `radius` around `self` at `degrees` clockwise from 12 o'clock.
    public func onCircle(radius: Double, degrees: Double) -> Point {
        let radians = degrees * .pi / 180
        return Point(x: x + radius * sin(radians), y: y - radius * cos(radians))
    }
}
