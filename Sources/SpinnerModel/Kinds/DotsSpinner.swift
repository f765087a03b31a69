import ExactTime
/// `dots` — seed 001, Spinner: eight rainbow dots on a ring that turns while each dot
/// pulses.
///
/// Geometry (80 pt box, centre c = (40, 40)): dot i (of n = `count`, default 8) is a
/// circle of diameter `stroke` (default 12) at radius 30, turned 360°·i/n clockwise from
/// 12 o'clock, filled with hue i/n at full saturation and brightness
/// (`Color(hue: Double(index) / 8, saturation: 1, brightness: 1)`) unless `color` is given.
///
/// Motion:
/// - each dot's opacity runs `easeInOut(duration: 1).repeatForever(autoreverses: true)`
///   delayed by 0.1 s·i: a 2 s period, 1 → 0.3 over the first second (cubic-bezier
///   0.42, 0, 0.58, 1) and back over the second; dot i lags dot 0 by 0.1 s·i. Frames
///   show the steady state, where every dot has started;
/// - the whole ring turns 360° linearly every d = `duration` (default 1.5 s);
/// - the loop is the least common multiple of 2 s and d (6 s by default).
public enum DotsSpinner: SpinnerDesign {
    public static let summary = "After a SwiftUI custom loading spinner tutorial: eight rainbow dots pulsing one after another on a ring that turns every 1.5 s."
    public static let naturalSize = 80.0

    /// The seed's pulse: opacity 1 → 0.3 → 1 over 2 s (one second each way).
    static let pulsePeriodMilliseconds = 2000
    /// The seed's stagger between neighbouring dots, in ms.
    static let delayMilliseconds = 100

    /// `dots`' own parameters.
    public struct Options: KindOptions {
        /// Number of dots. Default 8.
        public var count = 8
        /// Dot diameter in points at the natural size. Default 12.
        public var stroke = Points(12)
        /// Time for one turn of the ring. Default 1.5 s.
        public var duration = Milliseconds(1500)
        /// One colour for every dot, or a gradient laid on the 80 pt box that gives each dot
        /// its colour at the dot's centre. Default none: a rainbow, dot i at hue i/count.
        public var color: PaintValue? = nil

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .integer(\.count, .count, "Number of dots.", range: 2...16, defaults: defaults),
                .points(\.stroke, .stroke, "Dot diameter in points at the 80 pt natural size.", range: 2...20, defaults: defaults),
                .seconds(\.duration, .duration,
                         "Seconds for one turn of the ring; the loop is the least common multiple with the 2 s pulse.",
                         range: 100...20000, defaults: defaults),
                .optionalPaint(\.color, .color, "One colour for every dot, or a gradient laid on the 80 pt box: each dot takes "
                               + "its colour at the dot's centre (conic-gradient(red,yellow,lime,aqua,blue,magenta,red) is a rainbow).",
                               absent: "a rainbow: dot i has hue i/count"),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode] {
        let count = options.count
        let center = Point(x: 40, y: 40)
        let single = options.color?.color?.resolved(for: theme)
        let gradient = options.color.flatMap { $0.color == nil ? $0.paint(for: theme, side: naturalSize) : nil }
        let pulse = KeyframeTrack(periodMilliseconds: pulsePeriodMilliseconds, keyframes: [
            .init(at: .zero, value: 1, easing: .easeInOut),
            .init(at: Rational(1, 2), value: 0.3, easing: .easeInOut),
            .init(at: Rational(1), value: 1),
        ])
        let dots: [SceneNode] = (0..<count).map { index in
            let turn = 360 * Double(index) / Double(count)
            let hue = gradient?.color(at: center.onCircle(radius: 30, degrees: turn))
                ?? Color(hue: Double(index) / Double(count), saturation: 1, brightness: 1)
            let dot = ShapeNode(.circle(center: Point(x: 40, y: 10), radius: options.stroke.value / 2),
                                paint: .solid(single ?? hue), slot: single == nil ? "dot\(index + 1)" : "color")
            return .shape(dot,
                          transforms: [.rotate(degrees: .constant(turn), around: center)],
                          opacity: .track(pulse, offset: Rational(Int64(-delayMilliseconds * index))), name: "Dot \(index + 1)")
        }
        let turn = KeyframeTrack.turn(periodMilliseconds: options.duration.value)
        return [.group(dots, transforms: [.rotate(degrees: .track(turn), around: center)], name: "Ring")]
    }
}
