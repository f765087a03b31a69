import ExactTime
/// `capsules` — seed 004, Capsule loading: fifteen outlined capsules on a ring; a timer
/// selects the next one every 0.1 s and each capsule's stroke opacity animates
/// `.linear(duration: 0.5)` towards 1 when selected and 0 when not. The seed's black
/// stroke is the light theme's primary label colour: white in the dark theme.
///
/// Geometry (215 pt box, centre c = (107.5, 107.5)): capsule i (of n = `count`, default
/// 15) is 20 × 50 pt, stroked `stroke` (default 5) wide, its centre 80 pt below c
/// (`.offset(y: 80)`), turned 360°·i/n clockwise about c (so capsule 0 is at 6 o'clock
/// and the selection moves clockwise).
///
/// Motion, with d = `duration` (default 1.5 s = 15 × 0.1 s) = loop, step s = d/n and
/// fade F = 5s (the seed's 0.5 s): SwiftUI adds interrupted timing-curve animations
/// together rather than restarting them, so a capsule selected at time 0 of its turn has
/// opacity τ/F for τ in [0, s], s/F = 0.2 for τ in [s, F], (F + s − τ)/F for τ in
/// [F, F + s] and 0 after — a gentle trapezoid of at most 0.2 that trails five capsules.
/// That faint peak is the seed's, and the default; `peak` raises it (the trapezoid keeps
/// its shape) for a spinner that must be seen on any page.
/// Capsule i is selected at i·s. Frames show that steady state (the seed's very first
/// capsule starts fully opaque and never recurs).
public enum CapsulesSpinner: SpinnerDesign {
    public static let summary = "After The Util Designer's SwiftUI Capsule loading: fifteen outlined capsules, the selection stepping clockwise every 0.1 s with a soft trail."
    public static let naturalSize = 215.0

    /// Selection steps that a fade lasts (the seed's 0.5 s fade over 0.1 s steps).
    static let fadeSteps = 5

    /// `capsules`' own parameters.
    public struct Options: KindOptions {
        /// Number of capsules. Default 15.
        public var count = 15
        /// Outline width in points at the natural size. Default 5.
        public var stroke = Points(5)
        /// Time for the selection to go once round: the loop. Default 1.5 s.
        public var duration = Milliseconds(1500)
        /// Outline colour. Default the primary label colour (the seed's black; white when dark).
        public var color: PaintValue = .color(.system(.label))
        /// Opacity of a capsule at its brightest, 0.05 to 1. Default 0.2: the seed's fade
        /// over five steps, which leaves it faint (1.6:1 against white).
        public var peak = FixedPoint(units: 20, places: 2)

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .integer(\.count, .count, "Number of capsules.", range: 6...30, defaults: defaults),
                .points(\.stroke, .stroke, "Outline width in points at the 215 pt natural size.", range: 1...10, defaults: defaults),
                .seconds(\.duration, .duration, "Seconds for the selection to go once round; a fade lasts five steps.",
                         range: 300...20000, defaults: defaults),
                .paint(\.color, .color, "Outline colour or a gradient laid on the box, each capsule taking its colour at its centre. Default: the primary label colour, the original's black in the light theme and white in the dark one.",
                       defaults: defaults),
                .decimal(\.peak, .peak, "Opacity of a capsule at its brightest; 0.2 is the original's faint trail, up to 1 for a spinner that must be seen on any page.",
                         range: FixedPoint(units: 5, places: 2) ... FixedPoint(units: 100, places: 2), defaults: defaults),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode] {
        let count = options.count
        let center = Point(x: 107.5, y: 107.5)
        let capsule = ShapeNode(.capsule(center: Point(x: 107.5, y: 187.5), width: 20, height: 50),
                                paint: options.color.paint(for: theme, side: naturalSize), stroke: StrokeStyle(width: options.stroke.value),
                                slot: "color")
        let peak = options.peak.doubleValue
        func step(_ index: Int) -> Rational { Rational(Int64(index), Int64(count)) }
        var keyframes: [KeyframeTrack.Keyframe] = [
            .init(at: .zero, value: 0), .init(at: step(1), value: peak),
            .init(at: step(fadeSteps), value: peak), .init(at: step(fadeSteps + 1), value: 0),
        ]
        if step(fadeSteps + 1) < Rational(1) { keyframes.append(.init(at: Rational(1), value: 0)) }
        let opacity = KeyframeTrack(periodMilliseconds: options.duration.value, keyframes: keyframes)
        return [SceneNode.ring(of: capsule, count: count, around: center, opacity: opacity, name: "Capsule",
                                paints: options.color.ringPaints(of: capsule, count: count, around: center, theme: theme, side: naturalSize))]
    }
}
