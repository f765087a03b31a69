#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shadow cast outwards from a stroke (SwiftUI `.shadow(.drop(color:radius:x:y:))` in a
/// layer's ShapeStyle), offset by `x`, `y` in the layer's own frame, so it turns with the
/// layer as the style's does.
///
/// The raster engine blurs the stroke's own shape (three box blurs, as SVG's
/// `feGaussianBlur` is specified), the SVG engine writes it as a blurred copy of the stroke
/// beneath it; Lottie players draw no blur alike (rlottie draws no effects at all), so the
/// Lottie engine draws `bands`: nested strokes along the same outline, widest first, each
/// as opaque as the blurred stroke is that far from its centre line, round caps growing
/// with them.
public struct DropShadow: Hashable, Sendable {
    /// Shadow colour; SwiftUI's default is black at 33 % opacity.
    public let color: Color
    /// Blur radius in points; the Gaussian's σ is `InnerShadow.sigmaPerRadius` of it.
    public let radius: Double
    /// The Gaussian's standard deviation, in points.
    public var sigma: Double { max(radius * InnerShadow.sigmaPerRadius, 0.01) }
    /// How far past the stroke's edge the shadow reaches (3σ), in points.
    public var reach: Double { 3 * sigma }
    /// Offset in points, right and down in the layer's own frame.
    public let x: Double
    public let y: Double

    /// How far the shadow reaches past the edge of the stroke it is cast from, in points, on
    /// the side it reaches furthest: its blur's reach and its offset — the offset's length
    /// when `turning` (a layer that turns points it every way in turn), else the larger of
    /// its two parts (a circle moved by `x`, `y` reaches `|x|` further across, `|y|` further
    /// down).
    public func margin(turning: Bool) -> Double {
        reach + (turning ? (x * x + y * y).squareRoot() : max(abs(x), abs(y)))
    }

    /// The same shadow drawn `factor` times as large: its radius and offsets scaled.
    public func scaled(by factor: Double) -> DropShadow {
        DropShadow(color: color, radius: radius * factor, x: x * factor, y: y * factor)
    }

    /// SwiftUI's default drop-shadow colour.
    public static let defaultColor = Color.black.multiplyingAlpha(0.33)

    public init(color: Color = DropShadow.defaultColor, radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }

    /// One nested stroke: its width in points and its colour (the shadow's, at the band's opacity).
    public struct Band: Hashable, Sendable {
        public let width: Double
        public let color: Color
    }

    /// The nested strokes for a stroke `strokeWidth` points wide along a circle of `radius`
    /// points (nil: a straight stroke), widest first: rings about two points apart (5 to 12 of
    /// them: players composite each translucent band in 8 bits and lose a little each time,
    /// so a few rings at their mean opacity match a blur best, measured against the
    /// raster's) out to 3σ past the stroke's edge, each drawn at the opacity that, over the wider
    /// ones beneath it, makes the blurred stroke's mean opacity across that ring. Bands are even about the centre line, but a blurred ring is not (more of it
    /// surrounds a point inside it): each band takes the mean of the two sides.
    public func bands(strokeWidth: Double, radius: Double? = nil) -> [Band] {
        let reach = strokeWidth / 2 + self.reach
        let count = min(12, max(5, Int((reach / 2).rounded(.up))))
        let step = reach / Double(count)
        func profile(_ distance: Double) -> Double {
            guard let radius else { return straight(distance, width: strokeWidth) }
            let outside = ring(at: radius + distance, radius: radius, width: strokeWidth)
            guard distance < radius else { return outside }
            return (outside + ring(at: radius - distance, radius: radius, width: strokeWidth)) / 2
        }
        var below = 0.0  // opacity of the bands already drawn, at this ring
        return (0 ..< count).map { index in
            let outer = reach - Double(index) * step  // this band's half-width
            // The ring's mean, not its middle's: the profile's tail is convex.
            let mean = (0 ..< 6).map { profile(outer - step * (Double($0) + 0.5) / 6) }.reduce(0, +) / 6
            let target = max(below, min(color.alpha * mean, 0.999))
            let alpha = below < 1 ? (target - below) / (1 - below) : 0
            below = target
            return Band(width: 2 * outer, color: Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
        }
    }

    /// A straight stroke `width` wide, blurred, at `distance` from its centre line: 0…1.
    private func straight(_ distance: Double, width: Double) -> Double {
        Self.phi((width / 2 - distance) / sigma) - Self.phi((-width / 2 - distance) / sigma)
    }

    /// A ring (the circle of `radius` stroked `width` wide), blurred, at `rho` from its
    /// centre: 0…1, integrated numerically over the ring (24 × 64 samples).
    private func ring(at rho: Double, radius: Double, width: Double) -> Double {
        let inner = max(0, radius - width / 2), outer = radius + width / 2
        let radial = 24, around = 64
        let ds = (outer - inner) / Double(radial), dtheta = 2 * Double.pi / Double(around)
        let norm = 1 / (2 * Double.pi * sigma * sigma)
        var sum = 0.0
        for i in 0 ..< radial {
            let s = inner + (Double(i) + 0.5) * ds
            for j in 0 ..< around {
                let theta = (Double(j) + 0.5) * dtheta
                let squared = s * s + rho * rho - 2 * s * rho * cos(theta)
                sum += exp(-squared / (2 * sigma * sigma)) * s
            }
        }
        return min(1, sum * ds * dtheta * norm)
    }

    /// The standard normal distribution function.
    private static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
}

extension Shape {
    /// The same outline moved by `dx`, `dy` points.
    public func moved(dx: Double, dy: Double) -> Shape {
        switch self {
        case .circle(let center, let radius):
            return .circle(center: Point(x: center.x + dx, y: center.y + dy), radius: radius)
        case .capsule(let center, let width, let height):
            return .capsule(center: Point(x: center.x + dx, y: center.y + dy), width: width, height: height)
        case .arc(let arc):
            return .arc(Arc(center: Point(x: arc.center.x + dx, y: arc.center.y + dy), radius: arc.radius,
                            originDegrees: arc.originDegrees, from: arc.from, to: arc.to))
        }
    }
}
