/// `activity` — seed 000, ActivityIndicator: twelve black capsules around a centre,
/// the full-opacity one advancing on a timer (`Timer.publish(every: 1.0 / 12)`). The
/// seed's black is the light theme's primary label colour; the dark theme draws white,
/// as SwiftUI's `.primary` would, so the spinner stays visible on a dark page.
///
/// Geometry (28 pt box, centre c = (14, 14)): capsule i (of n = `count`, default 12) is
/// w × 7 pt (w = `stroke`, default 2.5) spanning radius 7 to 14 — the seed's visible
/// capsule above an invisible 7 pt spacer, rotated about the spacer's bottom — turned
/// 360°·i/n clockwise from 12 o'clock.
///
/// Motion, with d = `duration` (default 1 s) = loop: stepped, no easing. The lit capsule
/// is `full(t) = ⌊t·n/d⌋ mod n`; capsule i sits k = (full − i) mod n behind it and has
/// opacity `1 − 0.9·k/(n − 1)` (the seed's `1 - 0.9 / 11 * remainder`). At t = 0
/// capsule 0 is lit.
public enum ActivitySpinner: SpinnerDesign {
    public static let summary = "Seed 000 ActivityIndicator: twelve capsules, the lit one stepping clockwise with a fading tail, like the iOS activity indicator."
    public static let naturalSize = 28.0

    public static let parameters: [ParameterDefinition] = [
        ParameterDefinition(.count, "Number of capsules.", .integer(default: 12, range: 3...24)),
        SharedParameters.points(.stroke, "Capsule width in points at the 28 pt natural size.", default: 2.5, range: 0.5...6),
        SharedParameters.duration("Seconds for the lit capsule to go once round.", default: 1000, range: 100...20000),
        ParameterDefinition(.color, "Capsule colour. Default: the primary label colour, the seed's black in the light theme and white in the dark one.",
                            .color(default: .system(.label), absent: "label")),
    ]

    public static func nodes(for request: SpinnerRequest, theme: Theme) -> [SceneNode] {
        let count = request.integer(.count)
        let period = request.milliseconds(.duration)
        let color = request.color(.color, theme: theme) ?? SystemColor.label.resolved(for: theme)
        let center = Point(x: 14, y: 14)
        let capsule = ShapeNode(.capsule(center: Point(x: 14, y: 3.5), width: request.number(.stroke), height: 7),
                                paint: .solid(color))
        // Capsule 0's opacity over one loop; capsule i runs the same track i steps later.
        let steps = (0..<count).map { step in
            KeyframeTrack.Keyframe(at: Rational(Int64(step), Int64(count)),
                                   value: 1 - 0.9 * Double(step) / Double(count - 1), easing: .hold)
        }
        let opacity = KeyframeTrack(periodMilliseconds: period,
                                    keyframes: steps + [.init(at: Rational(1), value: 1)])
        return SceneNode.ring(of: capsule, count: count, around: center, opacity: opacity)
    }
}
