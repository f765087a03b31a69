#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shadow cast inwards from the edges of a stroke (SwiftUI `.shadow(.inner(radius:))`),
/// which makes a stroke look "bubbled".
///
/// Neither Cairo, SVG in `<img>` nor Lottie blurs cheaply and identically, so all three
/// engines draw it the same way: as nested strokes along the same outline (`bands`), each
/// narrower one on top, coloured by how much of a Gaussian-blurred outside reaches that far in.
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

    /// The same shadow drawn `factor` times as large.
    public func scaled(by factor: Double) -> InnerShadow { InnerShadow(color: color, radius: radius * factor) }

    /// SwiftUI's default inner shadow of `radius` (a parameter's value), or nil for a radius
    /// of 0: no shadow.
    public init?(radius: Points) {
        guard radius.value > 0 else { return nil }
        self.init(radius: radius.value)
    }

    /// One nested stroke: its width in points and its paint.
    public struct Band: Hashable, Sendable {
        /// Stroke width in points.
        public let width: Double
        /// Paint of the whole band: the stroke's paint darkened towards the shadow.
        public let paint: Paint
    }

    /// Number of nested strokes; enough that steps stay below 1 px up to scale 2 at the seed's stroke.
    public static let bandCount = 10

    /// The nested strokes for a stroke of `strokeWidth` painted with `paint`, widest first.
    /// A solid stroke's bands are opaque mixes of its colour and the shadow; the caller
    /// draws them as one group with `groupOpacity(of:)` (the colour's alpha), so narrower
    /// bands cover wider ones. A linear gradient's bands are the gradient with every stop
    /// mixed so (each stop keeping its alpha: the group is opaque); so are radial and angular
    /// gradients' (the SVG and Lottie engines cut an angular one along an arc into pieces,
    /// and draw no shadow on it: `ShapeNode.innerShadow`).
    public func bands(strokeWidth: Double, paint: Paint) -> [Band] {
        let step = strokeWidth / 2 / Double(Self.bandCount)
        let sigma = max(radius * Self.sigmaPerRadius, 0.01)
        let opaqueShadow = Color(red: color.red, green: color.green, blue: color.blue)
        return (0..<Self.bandCount).map { index in
            let depth = (Double(index) + 0.5) * step  // distance of the band's middle from the edge
            let reach = Self.tail(depth / sigma) + Self.tail((strokeWidth - depth) / sigma)
            let fraction = color.alpha * min(reach, 1)
            func shaded(_ colour: Color, alpha: Double) -> Color {
                Color(red: colour.red, green: colour.green, blue: colour.blue).mixed(with: opaqueShadow, fraction: fraction)
                    .multiplyingAlpha(alpha)
            }
            // Solid: an opaque mix (the group carries the alpha); gradients: each stop keeps its alpha.
            let solid: Bool = if case .solid = paint { true } else { false }
            let band = paint.mappingColors { shaded($0, alpha: solid ? 1 : $0.alpha) }
            return Band(width: strokeWidth - 2 * Double(index) * step, paint: band)
        }
    }

    /// The opacity the bands of a stroke painted with `paint` are drawn with, as one group:
    /// a solid colour's alpha; 1 for a gradient (its stops keep their own).
    public static func groupOpacity(of paint: Paint) -> Double {
        if case .solid(let fill) = paint { return fill.alpha }
        return 1
    }

    /// Share of a blurred half-plane that reaches `z` standard deviations inside: 1 − Φ(z).
    private static func tail(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }
}
