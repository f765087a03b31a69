#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shadow cast inwards from the edges of a stroke (SwiftUI `.shadow(.inner(radius:))`),
/// which makes a stroke look "bubbled".
///
/// Neither Cairo nor SVG in `<img>` blurs cheaply and identically, so both engines draw it
/// the same way: as nested strokes along the same outline (`bands`), each narrower one
/// on top, coloured by how much of a Gaussian-blurred outside reaches that far in.
/// Round caps shrink with the bands, so the shadow follows the ends too.
public struct InnerShadow: Hashable, Sendable {
    /// Shadow colour; SwiftUI's default is black at 55 % opacity.
    public let color: Color
    /// Blur radius in points (SwiftUI's `radius`); the Gaussian's σ is `sigmaPerRadius` of it.
    public let radius: Double

    /// σ of the Gaussian per point of `radius`: 0.9, fitted by least squares to the
    /// cross-section of the author's `bubbledForeground` still (radius 3 at 1.92 px a
    /// point: σ = 2.7 pt; the half SwiftUI's documentation suggests made the shadow
    /// tighter than the still, edge to centre 183 → 240 against its 172 → 231).
    public static let sigmaPerRadius = 0.9

    public init(color: Color = Color.black.multiplyingAlpha(0.55), radius: Double) {
        self.color = color
        self.radius = radius
    }

    /// One nested stroke: its width in points and its colour.
    public struct Band: Hashable, Sendable {
        /// Stroke width in points.
        public let width: Double
        /// Colour of the whole band.
        public let color: Color
    }

    /// Number of nested strokes; enough that steps stay below 1 px up to scale 2 at the seed's stroke.
    public static let bandCount = 10

    /// The nested strokes for a stroke of `strokeWidth` filled with `fill`, widest first.
    /// Band colours are opaque mixes of the fill and the shadow; the caller draws the
    /// bands as one group with opacity `fill.alpha`, so narrower bands cover wider ones.
    public func bands(strokeWidth: Double, fill: Color) -> [Band] {
        let step = strokeWidth / 2 / Double(Self.bandCount)
        let sigma = max(radius * Self.sigmaPerRadius, 0.01)
        let opaqueFill = Color(red: fill.red, green: fill.green, blue: fill.blue)
        let opaqueShadow = Color(red: color.red, green: color.green, blue: color.blue)
        return (0..<Self.bandCount).map { index in
            let depth = (Double(index) + 0.5) * step  // distance of the band's middle from the edge
            let reach = Self.tail(depth / sigma) + Self.tail((strokeWidth - depth) / sigma)
            return Band(width: strokeWidth - 2 * Double(index) * step,
                        color: opaqueFill.mixed(with: opaqueShadow, fraction: color.alpha * min(reach, 1)))
        }
    }

    /// Share of a blurred half-plane that reaches `z` standard deviations inside: 1 − Φ(z).
    private static func tail(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }
}
