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
    /// Teal track; purple → red linear gradient puck that turns with the puck.
    case nineties

    /// The track's colour.
    var track: ColorValue {
        switch self {
        case .bubbledForeground: .fixed(.black)
        case .hierarchy: .system(.secondaryLabel)
        case .accent: .system(.systemGray3)
        case .nineties: .system(.systemTeal)
        }
    }

    /// The puck's paint for a ring of centre-line `radius` around `center`, in the puck's own
    /// frame, where the puck is centred at 12 o'clock (so the gradient turns with it).
    func puckPaint(center: Point, radius: Double, theme: Theme) -> Paint {
        switch self {
        case .bubbledForeground:
            return .solid(Color(white: 0.94))
        case .hierarchy:
            return .solid(SystemColor.label.resolved(for: theme))
        case .accent:
            return .solid(SystemColor.systemBlue.resolved(for: theme))
        case .nineties:
            // Measured on nineties.jpg: purple at the leading (clockwise) end, red at the
            // trailing end, along a line tilted about 22° from the horizontal.
            return .linear(LinearGradient(
                start: Point(x: center.x + radius, y: center.y - 0.4 * radius),
                end: Point(x: center.x - radius, y: center.y + 0.4 * radius),
                stops: [GradientStop(0, SystemColor.systemPurple.resolved(for: theme)),
                        GradientStop(1, SystemColor.systemRed.resolved(for: theme))]))
        }
    }

    /// The puck's inner shadow, if the style has one (seed: `.shadow(.inner(radius: 3))`).
    var puckShadow: InnerShadow? {
        self == .bubbledForeground ? InnerShadow(radius: 3) : nil
    }
}
