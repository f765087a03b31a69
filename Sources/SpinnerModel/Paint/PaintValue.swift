/// A paint as a user gives it wherever a layer's colour is taken (`color`, `track`,
/// `background`): a colour (`ColorValue`) or a CSS gradient (`GradientValue`), SwiftUI's
/// "any ShapeStyle". Parsed once at the edge by `init(parsing:)`.
public enum PaintValue: Hashable, Sendable {
    /// One colour, fixed or following the theme.
    case color(ColorValue)
    /// A linear, radial or conic gradient in the layer's own box.
    case gradient(GradientValue)

    /// The paint for a layer `side` points square whose top left is the origin, for `theme`.
    public func paint(for theme: Theme, side: Double) -> Paint {
        switch self {
        case .color(let color): .solid(color.resolved(for: theme))
        case .gradient(let gradient): gradient.paint(for: theme, side: side)
        }
    }

    /// The colour an element centred at `point` takes in a box `side` points square:
    /// a colour's own, a gradient's at that place (repeated elements: `dots`, capsules).
    public func color(at point: Point, for theme: Theme, side: Double) -> Color {
        paint(for: theme, side: side).color(at: point)
    }

    /// For a ring of `count` copies of `shape` turned evenly about `center` (`Ring`): each
    /// copy's colour at its place (the shape's centre turned to copy i's place) when this is
    /// a gradient laid on a box `side` points square; nil for one colour (the shape's own).
    public func ringPaints(of shape: ShapeNode, count: Int, around center: Point, theme: Theme, side: Double) -> [Paint]? {
        guard case .gradient(let gradient) = self else { return nil }
        let paint = gradient.paint(for: theme, side: side)
        return (0 ..< count).map { index in
            .solid(paint.color(at: AffineTransform.rotation(degrees: 360 * Double(index) / Double(count), around: center)
                .apply(to: shape.shape.center)))
        }
    }

    /// The colour itself, nil for a gradient.
    public var color: ColorValue? {
        if case .color(let color) = self { return color }
        return nil
    }

    /// The one canonical spelling: `ColorValue.canonicalText` or `GradientValue.canonicalText`.
    public var canonicalText: String {
        switch self {
        case .color(let color): color.canonicalText
        case .gradient(let gradient): gradient.canonicalText
        }
    }
}
