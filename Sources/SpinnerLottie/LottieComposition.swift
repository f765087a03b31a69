import ExactTime
import SpinnerModel

/// The layers and precomposition assets that draw a scene. A scene draws as one shape
/// layer, except for the model's rings (`Ring`: copies of one shape turned evenly about
/// one pivot, each running one opacity track from another point of its period, the
/// `activity` and `capsules` kinds). Lottie has no delay per copy, and writing each copy's
/// keyframes again made those documents 9–11 KB; instead the shape is drawn once, in an
/// asset with its keyframes over a loop and a period, and each copy is a precomposition
/// layer turned to its place and started part-way into the period (`st`), as After Effects
/// users stagger copies. Every player honours that exactly. Such a scene's layers go in a
/// precomposition of their own, so that the one layer at the top is still "Spinner".
struct LottieComposition {
    /// The top layers (top first).
    var layers: [LottieValue] = []
    /// The precompositions they use.
    var assets: [LottieValue] = []
    /// Slot id → colour, in the order first met.
    var slots: [(id: String, color: Color)] = []

    /// A run of nodes drawn together: shapes in one layer, or a ring.
    private enum Segment {
        case shapes([SceneNode])
        case ring(Ring)
    }

    /// The name of the shape layer inside a ring's asset (keypaths pass through it:
    /// `Spinner.Capsule 3.Copy.Capsule.Fill`).
    static let copyLayerName = "Copy"

    /// The composition of `scene` drawn `pixels` CSS pixels square on `timeline`.
    init(scene: Scene, pixels: Int, timeline: LottieTimeline, layerName: String) {
        var builder = LottieSceneBuilder(timeline: timeline)
        let segments = Self.segments(scene.nodes)
        let scale = 100 * Double(pixels) / scene.size
        guard segments.contains(where: { if case .ring = $0 { true } else { false } }) else {
            var shapes = builder.groups(for: scene.nodes)
            if scene.background.alpha > 0 {
                shapes.append(builder.backgroundGroup(scene.background, size: scene.size, index: shapes.count + 1))
            }
            layers = [Self.shapeLayer(layerName, index: 1, shapes: shapes, scale: scale, timeline: timeline)]
            slots = builder.slots
            return
        }
        var inner: [LottieValue] = []  // bottom first, reversed below
        for segment in segments {
            switch segment {
            case .shapes(let nodes):
                inner.append(Self.shapeLayer("Shapes", index: 0, shapes: builder.groups(for: nodes), scale: 100, timeline: timeline))
            case .ring(let ring):
                let id = "ring\(assets.count + 1)"
                assets.append(ringAsset(ring, id: id, builder: &builder, timeline: timeline))
                inner += ring.copies.enumerated().map { index, node in
                    Self.ringLayer(node, copy: index, of: ring, asset: id, size: scene.size, timeline: timeline)
                }
            }
        }
        if scene.background.alpha > 0 {
            // A layer of its own here, its keypath the same: Spinner.Background.Fill.
            inner.insert(Self.shapeLayer("Background", index: 0, shapes: builder.background(scene.background, size: scene.size),
                                         scale: 100, timeline: timeline), at: 0)
        }
        let numbered = inner.reversed().enumerated().map { index, layer in Self.numbered(layer, index + 1) }
        assets.append(Self.asset("spinner", layers: numbered, timeline: timeline))
        layers = [Self.precompLayer(layerName, index: 1, asset: "spinner", anchor: Point(x: 0, y: 0), rotation: 0, scale: scale,
                                    size: scene.size, start: 0, timeline: timeline)]
        slots = builder.slots
    }

    /// `nodes` cut into the model's rings and runs of other nodes, in drawing order.
    private static func segments(_ nodes: [SceneNode]) -> [Segment] {
        var segments: [Segment] = []
        for node in nodes {
            if case .ring(let ring) = node.content {
                segments.append(.ring(ring))
            } else if case .shapes(let run)? = segments.last {
                segments[segments.count - 1] = .shapes(run + [node])
            } else {
                segments.append(.shapes([node]))
            }
        }
        return segments
    }

    /// The shared copy: one shape layer, its opacity over a loop and a period (a copy
    /// starts up to a period into it).
    private func ringAsset(_ ring: Ring, id: String, builder: inout LottieSceneBuilder, timeline: LottieTimeline) -> LottieValue {
        let span = timeline.loopMilliseconds + ring.opacity.periodMilliseconds
        let name = ring.name
        // The opacity is the group's, not the layer's: rlottie blends every layer whose
        // opacity is below 1 over the whole canvas, losing 1/255 of everything beneath it
        // each time (12 copies took 11/255 off the copy at the bottom).
        let opacity = LottieProperty.scalar(.track(ring.opacity), .opacity, timeline: timeline, span: span, index: 7)
        let copy = LottieSceneBuilder.group(name, builder.shapeItems(ring.shape),
                                            transform: LottieSceneBuilder.transform(pivot: Point(x: 0, y: 0),
                                                                                    rotation: LottieProperty.fixed(.int(0), index: 6),
                                                                                    opacity: opacity),
                                            index: 1)
        let layer = Self.shapeLayer(Self.copyLayerName, index: 1, shapes: [copy], scale: 100, timeline: timeline,
                                    outPoint: .number(timeline.frame(Rational(Int64(span)))))
        return Self.asset(id, layers: [layer], timeline: timeline)
    }

    /// A precomposition asset, as the exporter writes one (id, name, frame rate, layers).
    private static func asset(_ id: String, layers: [LottieValue], timeline: LottieTimeline) -> LottieValue {
        .object([("id", .string(id)), ("nm", .string(id)), ("fr", .number(timeline.frameRate)), ("layers", .array(layers))])
    }

    /// Copy `copy` of a ring: the asset turned to its place, started as far into the period
    /// as its opacity is at time 0.
    private static func ringLayer(_ node: SceneNode, copy: Int, of ring: Ring, asset: String, size: Double,
                                  timeline: LottieTimeline) -> LottieValue {
        var degrees = 0.0
        if case .rotate(.constant(let angle), _)? = node.transforms.first { degrees = angle }
        var start = Rational.zero
        if case .track(_, let offset) = node.opacity { start = offset.modulo(ring.opacity.period) }
        return precompLayer(node.name ?? "Copy \(copy + 1)", index: 0, asset: asset, anchor: ring.center, rotation: degrees, scale: 100,
                            size: size, start: -timeline.frame(start), timeline: timeline)
    }

    /// A shape layer (`ty` 4) of `shapes` in points, scaled by `scale` percent, shown from
    /// frame 0 to `outPoint` (default: the loop's end).
    private static func shapeLayer(_ name: String, index: Int, shapes: [LottieValue], scale: Double, timeline: LottieTimeline,
                                   outPoint: LottieValue? = nil) -> LottieValue {
        .object([
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string(name)), ("sr", .int(1)),
            ("ks", layerTransform(anchor: Point(x: 0, y: 0), rotation: .constant(0), scale: scale, timeline: timeline)),
            ("ao", .int(0)), ("shapes", .array(shapes)),
            ("ip", .int(0)), ("op", outPoint ?? .int(timeline.outPoint)), ("st", .int(0)), ("bm", .int(0)),
        ])
    }

    /// A precomposition layer (`ty` 0) showing `asset` (`size` points square) turned by
    /// `rotation` about `anchor`, scaled by `scale` percent, started at frame `start`.
    private static func precompLayer(_ name: String, index: Int, asset: String, anchor: Point, rotation: Double, scale: Double,
                                     size: Double, start: Double, timeline: LottieTimeline) -> LottieValue {
        .object([
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(0)), ("nm", .string(name)), ("refId", .string(asset)), ("sr", .int(1)),
            ("ks", layerTransform(anchor: anchor, rotation: .constant(rotation), scale: scale, timeline: timeline)),
            ("ao", .int(0)), ("w", .number(size)), ("h", .number(size)),
            ("ip", .int(0)), ("op", .int(timeline.outPoint)), ("st", .number(start)), ("bm", .int(0)),
        ])
    }

    /// A layer transform as the exporter writes a 2D layer's: opacity, rotation, then
    /// position, anchor and scale in three components (`l` 2: their third is unused).
    /// `ddd` must come before it for rlottie to turn the layer.
    private static func layerTransform(anchor: Point, rotation: AnimatedValue, scale: Double, timeline: LottieTimeline) -> LottieValue {
        func spatial(_ values: [Double], index: Int) -> LottieValue {
            .object([("a", .int(0)), ("k", .array(values.map(LottieValue.number))), ("ix", .int(index)), ("l", .int(2))])
        }
        return .object([("o", LottieProperty.fixed(.int(100), index: 11)),
                        ("r", LottieProperty.scalar(rotation, .degrees, timeline: timeline, index: 10)),
                        ("p", spatial([anchor.x * scale / 100, anchor.y * scale / 100, 0], index: 2)),
                        ("a", spatial([anchor.x, anchor.y, 0], index: 1)),
                        ("s", spatial([scale, scale, 100], index: 6))])
    }

    /// `layer` with its index (`ind`) set.
    private static func numbered(_ layer: LottieValue, _ index: Int) -> LottieValue {
        guard case .object(let pairs) = layer else { return layer }
        return .object(pairs.map { $0.0 == "ind" ? ("ind", .int(index)) : $0 })
    }
}
