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
    public static let summary = "Seed 002 LoadingIndicatorView: an arc of gray-to-white dots turning once a second."
    public static let naturalSize = 56.0

    public static let parameters: [ParameterDefinition] = [
        SharedParameters.points(.stroke, "Dot diameter (stroke width) in points at the 56 pt natural size.", default: 8, range: 1...14),
        SharedParameters.duration("Seconds per turn.", default: 1000, range: 100...20000),
        ParameterDefinition(.color, "Gradient colour at the arc's start.", .color(default: .system(.systemGray), absent: "gray")),
        ParameterDefinition(.track, "Gradient colour a full turn later (the arc's far end is 0.6 of the way).",
                            .color(default: .fixed(.white), absent: "white")),
    ]

    public static func nodes(for request: SpinnerRequest, theme: Theme) -> [SceneNode] {
        let center = Point(x: 28, y: 28)
        let gradient = AngularGradient(center: center, startDegrees: 90, stops: [
            GradientStop(0, request.color(.color, theme: theme) ?? .black),
            GradientStop(1, request.color(.track, theme: theme) ?? .white),
        ])
        let arc = ShapeNode(
            .arc(Arc(center: center, radius: 24, originDegrees: 90, from: .constant(0), to: .constant(0.6))),
            paint: .angular(gradient),
            stroke: StrokeStyle(width: request.number(.stroke), cap: .round, dash: [0.1, 16], dashPhase: 8))
        let turn = KeyframeTrack.turn(periodMilliseconds: request.milliseconds(.duration))
        return [.shape(arc, transforms: [.rotate(degrees: .track(turn), around: center)])]
    }
}
