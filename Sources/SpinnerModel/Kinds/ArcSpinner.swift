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
        /// Gradient colour at the arc's start, or a gradient laid on the 56 pt box in the arc's
        /// own frame that gives each dot its colour at the dot's centre (`track` is then
        /// unused). Default gray (`systemGray`).
        public var color: PaintValue = .color(.system(.systemGray))
        /// Gradient colour a full turn later. Default white.
        public var track: ColorValue = .fixed(.white)

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .points(\.stroke, .stroke, "Dot diameter (stroke width) in points at the 56 pt natural size.", range: 1...14,
                        defaults: defaults),
                .seconds(\.duration, .duration, "Seconds per turn.", range: 100...20000, defaults: defaults),
                .paint(\.color, .color, "Gradient colour at the arc's start; or a gradient laid on the 56 pt box, turning with "
                       + "the arc, each dot taking its colour at its centre (track is then unused).", defaults: defaults),
                .color(\.track, .track, "Gradient colour a full turn later (the arc's far end is 0.6 of the way).", defaults: defaults),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode] {
        let center = Point(x: 28, y: 28)
        let stroke = StrokeStyle(width: options.stroke.value, cap: .round, dash: [0.1, 16], dashPhase: 8)
        let path = Arc(center: center, radius: 24, originDegrees: 90, from: .constant(0), to: .constant(0.6))
        let turn: [Transform] = [.rotate(degrees: .track(KeyframeTrack.turn(periodMilliseconds: options.duration.value)), around: center)]
        let seed = AngularGradient(center: center, startDegrees: 90, stops: [
            GradientStop(0, options.color.color?.resolved(for: theme) ?? .black),
            GradientStop(1, options.track.resolved(for: theme)),
        ])
        guard case .gradient(let given) = options.color else {
            let arc = ShapeNode(.arc(path), paint: .angular(seed), stroke: stroke)
            return [.shape(arc, transforms: turn, name: "Arc")]
        }
        // A gradient: each dot (a 0.1 pt dash with round caps: a disc as wide as the
        // stroke) drawn on its own, in the gradient's colour at its centre.
        let paint = given.paint(for: theme, side: naturalSize)
        let dots: [SceneNode] = seed.pieces(along: path, stroke: stroke).enumerated().map { index, piece in
            let middle = center.onCircle(radius: path.radius, degrees: (piece.fromDegrees + piece.toDegrees) / 2)
            return .shape(ShapeNode(.circle(center: middle, radius: stroke.width / 2), paint: .solid(paint.color(at: middle)),
                                    slot: "dot\(index + 1)"), name: "Dot \(index + 1)")
        }
        return [.group(dots, transforms: turn, name: "Arc")]
    }
}
