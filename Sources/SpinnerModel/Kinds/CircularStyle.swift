/// The four premade `SpinnerStyle`s of the CircularSpinner package (seed 003), with
/// colours from the iOS system palette (light mode unless the theme says dark).
/// The reference stills in `shared/reference/circular/` show each one.
public enum CircularStyle: String, CaseIterable, Sendable {
    /// Black track; light gray (white 0.94) puck with a soft inner shadow.
    case bubbledForeground
    /// SwiftUI's defaults: `Color.secondary` track, `Color.primary` puck. The default style.
    case hierarchy
    /// `systemGray3` track, accent-blue puck.
    case accent
    /// Teal track; purple → red linear gradient fixed to the puck's frame: the short puck
    /// is red, and purple sits half a turn from the long puck's trailing end.
    case nineties

    /// The track's colour.
    public var track: ColorValue {
        switch self {
        case .bubbledForeground: .fixed(.black)
        case .hierarchy: .system(.secondaryLabel)
        case .accent: .system(.systemGray3)
        case .nineties: .system(.systemTeal)
        }
    }

    /// The puck's colours as the package names them: one, or a gradient's stops from the
    /// trailing end's side (purple) to the short puck's (red) for `nineties`. The one source
    /// of the puck's paint and of the catalog's per-style defaults.
    public var puckColors: [ColorValue] {
        switch self {
        case .bubbledForeground: [.fixed(Color(white: 0.94))]
        case .hierarchy: [.system(.label)]
        case .accent: [.system(.systemBlue)]
        case .nineties: [.system(.systemPurple), .system(.systemRed)]
        }
    }

    /// The puck's paint for a ring around `center` in a box of `center.x × 2` points, in
    /// the puck's own frame: trim 0 (its trailing end) at 12 o'clock, running clockwise
    /// (so the gradient turns with the puck).
    func puckPaint(center: Point, theme: Theme) -> Paint {
        let colors = puckColors.map { $0.resolved(for: theme) }
        guard colors.count == 2 else { return .solid(colors[0]) }
        // nineties, as the package draws it: `LinearGradient(colors: [.purple, .red],
        // startPoint: .leading, endPoint: .trailing)` across the view's frame on the circle
        // trimmed from 3 o'clock, then `.rotationEffect(-90°)`: leading (purple) turns to
        // the bottom, trailing (red) to the top, where trim 0 is.
        return .linear(LinearGradient(start: Point(x: center.x, y: 2 * center.y), end: Point(x: center.x, y: 0),
                                      stops: [GradientStop(0, colors[0]), GradientStop(1, colors[1])]))
    }

    /// The puck's inner shadow, if the style has one (seed: `.shadow(.inner(radius: 3))`).
    var puckShadow: InnerShadow? {
        self == .bubbledForeground ? InnerShadow(radius: 3) : nil
    }
}
