/// `arc` — seed 002, LoadingIndicatorView: a circle trimmed to 0.6, stroked as a row of
/// round dots with an angular gradient, turning.
///
/// Geometry (56 pt box: the seed's 48 pt frame plus the half stroke that SwiftUI draws
/// outside it; centre c = (28, 28)): a circle of radius 24 trimmed from 0 to 0.6,
/// starting at 3 o'clock (SwiftUI's circle path start) and running clockwise; stroke
/// width w = `stroke` (default 8), round caps, dash [0.1, 16] with phase 8, so each
/// 0.1 pt dash becomes a dot of diameter w; paint an angular gradient centred on c from
/// `color` (default gray) at 3 o'clock to `track` (default white) a full turn later,
/// in the circle's own frame so it turns with it.
///
/// Motion: the whole indicator turns 360° linearly every d = `duration` (default 1 s),
/// clockwise (`rotationEffect(.degrees(isAnimating ? 360 : 0))`); the loop is d.
public enum ArcSpinner: SpinnerDesign {
    public static let summary = "After a SwiftUI LoadingIndicatorView: an arc of gray-to-white dots turning once a second."
    public static let naturalSize = 56.0

    /// `arc`'s own parameters.
    public struct Options: KindOptions {
        /// Dot diameter (stroke width) in points at the natural size. Default 8.
        public var stroke = Points(8)
        /// Time per turn: the loop. Default 1 s.
        public var duration = Milliseconds(1000)
        /// Gradient colour at the arc's start. Default gray (`systemGray`).
        public var color: ColorValue = .system(.systemGray)
        /// Gradient colour a full turn later. Default white.
        public var track: ColorValue = .fixed(.white)

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .points(\.stroke, .stroke, "Dot diameter (stroke width) in points at the 56 pt natural size.", range: 1...14,
                        defaults: defaults),
                .seconds(\.duration, .duration, "Seconds per turn.", range: 100...20000, defaults: defaults),
                .color(\.color, .color, "Gradient colour at the arc's start.", defaults: defaults),
                .color(\.track, .track, "Gradient colour a full turn later (the arc's far end is 0.6 of the way).", defaults: defaults),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme) -> [SceneNode] {
        let center = Point(x: 28, y: 28)
        let gradient = AngularGradient(center: center, startDegrees: 90, stops: [
            GradientStop(0, options.color.resolved(for: theme)),
            GradientStop(1, options.track.resolved(for: theme)),
        ])
        let arc = ShapeNode(
            .arc(Arc(center: center, radius: 24, originDegrees: 90, from: .constant(0), to: .constant(0.6))),
            paint: .angular(gradient),
            stroke: StrokeStyle(width: options.stroke.value, cap: .round, dash: [0.1, 16], dashPhase: 8))
        let turn = KeyframeTrack.turn(periodMilliseconds: options.duration.value)
        return [.shape(arc, transforms: [.rotate(degrees: .track(turn), around: center)], name: "Arc")]
    }
}
