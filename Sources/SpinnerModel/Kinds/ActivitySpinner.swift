import ExactTime
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
    public static let summary = "After a SwiftUI ActivityIndicator: twelve capsules, the lit one stepping clockwise with a fading tail, like the iOS activity indicator."
    public static let naturalSize = 28.0

    /// `activity`'s own parameters.
    public struct Options: KindOptions {
        /// Number of capsules. Default 12.
        public var count = 12
        /// Capsule width in points at the natural size. Default 2.5.
        public var stroke = Points(2.5)
        /// Time for the lit capsule to go once round: the loop. Default 1 s.
        public var duration = Milliseconds(1000)
        /// Capsule colour. Default the primary label colour (the seed's black; white when dark).
        public var color: PaintValue = .color(.system(.label))

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .integer(\.count, .count, "Number of capsules.", range: 3...24, defaults: defaults),
                .points(\.stroke, .stroke, "Capsule width in points at the 28 pt natural size.", range: 0.5...6, defaults: defaults),
                .seconds(\.duration, .duration, "Seconds for the lit capsule to go once round.", range: 100...20000, defaults: defaults),
                .paint(\.color, .color, "Capsule colour or a gradient laid on the box, each capsule taking its colour at its centre. Default: the primary label colour, the original's black in the light theme and white in the dark one.",
                       defaults: defaults),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode] {
        let count = options.count
        let center = Point(x: 14, y: 14)
        let capsule = ShapeNode(.capsule(center: Point(x: 14, y: 3.5), width: options.stroke.value, height: 7),
                                paint: options.color.paint(for: theme, side: naturalSize), slot: "color")
        // Capsule 0's opacity over one loop; capsule i runs the same track i steps later.
        let steps = (0..<count).map { step in
            KeyframeTrack.Keyframe(at: Rational(Int64(step), Int64(count)),
                                   value: 1 - 0.9 * Double(step) / Double(count - 1), easing: .hold)
        }
        let opacity = KeyframeTrack(periodMilliseconds: options.duration.value,
                                    keyframes: steps + [.init(at: Rational(1), value: 1)])
        return [SceneNode.ring(of: capsule, count: count, around: center, opacity: opacity, name: "Capsule",
                                paints: options.color.ringPaints(of: capsule, count: count, around: center, theme: theme, side: naturalSize))]
    }
}
