import ExactTime
/// `circular` — seed 003, the CircularSpinner package: "a stroked background circle with
/// a spinning foreground puck. The puck's length oscillates between long and short at
/// each spin cycle."
///
/// Geometry (60 pt box, the ring's outer edge touching it): centre c = (30, 30), stroke
/// width w (default 10, the seed's `strokeWidth`), centre-line radius r = (60 − w) / 2,
/// round caps on the puck. 60 pt is the diameter of the package's own preview, which its
/// author's stills and GIF show: a ring one sixth of the outer diameter.
///
/// Motion, with d = `duration` (default 1.75 s, the seed's `animationDuration`, "one spin
/// cycle, which rotates the puck 2 full revolutions") and loop L = 2d:
/// - e(p) is a critically damped spring over one cycle (`interpolatingSpring(duration: d)`,
///   bounce 0): e(p) = s(2πp) / s(2π), s(x) = 1 − (1 + x)·e^(−x);
/// - in cycle k (0 or 1), with p = (t − k·d) / d:
///   angle(t) = 720°·(k + e(p)), measured clockwise from 12 o'clock;
///   length(t) = 0.1 + 0.75·e(p) when k = 0 and 0.85 − 0.75·e(p) when k = 1
///   (short 0.1 ↔ long 0.85 of the circle, toggling every cycle);
/// - the puck is the arc from angle − 180°·length to angle + 180°·length (centred on its
///   angle); at t = 0 it is the short puck centred at 12 o'clock.
///
/// Built as the package builds it: the circle trimmed from 0 to `length` in the puck's own
/// frame, where trim 0 (the trailing end) is at 12 o'clock, then rotated by
/// angle − 180°·length. A style's gradient is painted in that frame, so it is fixed to
/// the puck's trailing end and turns with it.
public enum CircularSpinner: SpinnerDesign {
    public static let summary = "From the CircularSpinner Swift package: a track ring and a puck that turns twice per cycle while a spring toggles its length (styles bubbledForeground, hierarchy, accent, nineties)."
    public static let naturalSize = 60.0

    /// Puck length as a share of the circle: short at even cycles, long at odd ones.
    static let shortLength = 0.1
    static let longLength = 0.85

    /// `circular`'s own parameters.
    public struct Options: KindOptions {
        /// One of the package's premade styles. Default `hierarchy` (the package's own default).
        public var style: CircularStyle = .hierarchy
        /// Ring width in points at the natural size. Default 10 (the seed's `strokeWidth`).
        public var stroke = Points(10)
        /// One spin cycle (two turns); the loop is two cycles. Default 1.75 s.
        public var duration = Milliseconds(1750)
        /// Puck paint (a colour or a gradient in the puck's own frame), replacing the style's.
        /// Default none: the style's puck.
        public var color: PaintValue? = nil
        /// Track paint (a colour or a gradient), replacing the style's. Default none: the style's track.
        public var track: PaintValue? = nil
        /// Radius in points of an inner shadow on the puck (SwiftUI `.shadow(.inner(radius:))`),
        /// 0 for none. Default none given: the style's (3 pt for `bubbledForeground`, else none).
        public var shadow: Points? = nil
        /// Radius in points of an inner shadow on the track, 0 for none. Default none.
        public var trackshadow: Points? = nil
        /// A drop shadow under the puck (SwiftUI `.shadow(.drop(color:radius:x:y:))`), in the
        /// puck's frame. Default none.
        public var dropshadow: DropShadowValue? = nil
        /// A drop shadow under the track. Default none.
        public var trackdropshadow: DropShadowValue? = nil

        public init() {}

        public static let bindings: [OptionBinding<Options>] = {
            let defaults = Options()
            return [
                .choice(\.style, .style, "One of the package's premade styles (case-insensitive).", defaults: defaults),
                .points(\.stroke, .stroke, "Ring width in points at the 60 pt natural size.", range: 1...30, defaults: defaults),
                .seconds(\.duration, .duration, "One spin cycle in seconds (two turns); the loop is two cycles.",
                         range: 200...15000, defaults: defaults),
                .optionalPaint(\.color, .color, "Puck colour or gradient, replacing the style's. A gradient is laid on the "
                               + "60 pt box in the puck's own frame (trim 0 at 12 o'clock), so it turns with the puck, as nineties' does.",
                               absent: "the style's puck"),
                .optionalPaint(\.track, .track, "Track colour or gradient, replacing the style's; a gradient is laid on the 60 pt box.",
                               absent: "the style's track"),
                .optionalPoints(\.shadow, .shadow,
                                "Inner shadow on the puck: its blur radius in points (SwiftUI's .shadow(.inner(radius:)), black at 55 %); 0 for none. "
                                + "Not drawn on a conic gradient.",
                                range: 0...15, absent: "the style's: 3 pt for bubbledForeground, else none"),
                .optionalPoints(\.trackshadow, .trackshadow, "Inner shadow on the track: its blur radius in points; 0 for none. Not drawn on a conic gradient.",
                                range: 0...15, absent: "none"),
                .optionalDropShadow(\.dropshadow, .dropshadow,
                                    "Drop shadow under the puck, as SwiftUI's .shadow(.drop(color:radius:x:y:)) in its ShapeStyle: "
                                    + "radius[,x,y[,color]] in points (radius 0.01 to 15, offsets -30 to 30 in the puck's own frame, "
                                    + "turning with it; colour default black at 33 %). The ring is drawn smaller so that it fits "
                                    + "in the image with its shadows: none is cut at the edge.", absent: "none"),
                .optionalDropShadow(\.trackdropshadow, .trackdropshadow,
                                    "Drop shadow under the track: radius[,x,y[,color]] in points, as dropshadow.", absent: "none"),
            ]
        }()
    }

    public static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode] {
        let style = options.style
        let center = Point(x: naturalSize / 2, y: naturalSize / 2)
        // The ring fits with its shadows (issue 64, docs/paints.md "Shadows"): the ring,
        // its stroke and every shadow drawn `fit` times as large, about the centre.
        let puckDropShadow = options.dropshadow?.shadow(for: theme), trackDropShadow = options.trackdropshadow?.shadow(for: theme)
        let fit = shadowFit(puck: puckDropShadow, track: trackDropShadow, pixel: pixel)
        let width = options.stroke.value * fit
        let radius = (naturalSize - options.stroke.value) / 2 * fit
        let period = 2 * options.duration.value

        let trackPaint = (options.track ?? .color(style.track)).paint(for: theme, side: naturalSize)
        let puckPaint = options.color.map { $0.paint(for: theme, side: naturalSize) }
            ?? style.puckPaint(center: center, theme: theme)

        // angle − 180°·length: both follow the same eased cycles, so their difference does too.
        let trailingEnd = cycle(period, first: -180 * shortLength, second: 720 - 180 * longLength, third: 1440 - 180 * shortLength)
        let length = cycle(period, first: shortLength, second: longLength, third: shortLength)
        let stroke = StrokeStyle(width: width, cap: .round)
        // A conic gradient is cut into pieces along an arc by the SVG and Lottie engines,
        // which draw no inner shadow on it; the track is then a whole-turn arc from 12 o'clock.
        let puckShadow: InnerShadow? = (puckPaint.isAngular ? nil : options.shadow.map { InnerShadow(radius: $0) } ?? style.puckShadow)?
            .scaled(by: fit)
        let trackShape: Shape = trackPaint.isAngular
            ? .arc(Arc(center: center, radius: radius, originDegrees: 0, from: .constant(0), to: .constant(1)))
            : .circle(center: center, radius: radius)
        let track = ShapeNode(trackShape, paint: trackPaint, stroke: stroke,
                              innerShadow: trackPaint.isAngular ? nil : options.trackshadow.flatMap { InnerShadow(radius: $0) }?.scaled(by: fit),
                              dropShadow: trackDropShadow?.scaled(by: fit), slot: "track")
        let puck = ShapeNode(
            .arc(Arc(center: center, radius: radius, originDegrees: 0, from: .constant(0), to: .track(length))),
            paint: puckPaint, stroke: stroke, innerShadow: puckShadow, dropShadow: puckDropShadow?.scaled(by: fit), slot: "puck")
        let turn: [Transform] = [.rotate(degrees: .track(trailingEnd), around: center)]
        return [.shape(track, name: "Track"), .shape(puck, transforms: turn, name: "Puck")]
    }

    /// How large the ring is drawn so that its drop shadows stay inside the box: 1 without
    /// one; else what brings the ring and its furthest shadow (`DropShadow.margin`: the
    /// puck's turns with it, the track's does not) two CSS pixels inside the box's edge
    /// (`pixel`: points per CSS pixel; a raster anti-aliases a rim of one, and Chromium's
    /// SVG filter spilled alpha 1–9 a pixel further at 16 px). The ring, its stroke and its
    /// shadows are all drawn that much smaller, about the centre, so the picture is the
    /// same, only smaller, and no format cuts a shadow at the edge. At the natural size:
    /// `dropshadow=6,0,4` 0.56; the largest the grammar takes (`15,30,30`) 0.25.
    static func shadowFit(puck: DropShadow?, track: DropShadow?, pixel: Double) -> Double {
        guard puck != nil || track != nil else { return 1 }
        let margin = max(puck?.margin(turning: true) ?? 0, track?.margin(turning: false) ?? 0)
        return max(0, naturalSize / 2 - 2 * pixel) / (naturalSize / 2 + margin)
    }

    /// An inner shadow given on a layer painted by a conic gradient is refused: SVG and
    /// Lottie cut a conic stroke into pieces and draw no inner shadow on it (a style's own
    /// shadow is left off then, as the catalog says).
    public static func check(_ options: Options) throws(RequestError) {
        for (shadow, paint, name, layer) in [(options.shadow, options.color, ParameterName.shadow, "color"),
                                              (options.trackshadow, options.track, ParameterName.trackshadow, "track")] {
            guard let shadow, shadow.value > 0, case .gradient(let gradient)? = paint, case .conic = gradient.geometry else { continue }
            throw .invalidValue(name, value: shadow.fixed.description,
                                expected: "0 (no inner shadow) while \(layer) is a conic gradient, which is drawn in pieces that take "
                                + "no inner shadow; a linear or radial gradient takes one, and dropshadow works with any paint")
        }
    }

    /// Two spring-eased cycles over `period` ms: first → second → third.
    private static func cycle(_ period: Int, first: Double, second: Double, third: Double) -> KeyframeTrack {
        KeyframeTrack(periodMilliseconds: period, keyframes: [
            .init(at: .zero, value: first, easing: .springOverSegment),
            .init(at: Rational(1, 2), value: second, easing: .springOverSegment),
            .init(at: Rational(1), value: third),
        ])
    }
}
