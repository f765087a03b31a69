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
    private(set) var layers: [LottieLayer] = []
    /// The precompositions they use.
    private(set) var assets: [LottiePrecomposition] = []
    /// Slot id → colour, in the order first met.
    private(set) var slots: [(id: String, color: Color)] = []
    /// The gradients' slots, when every paint has one (`slotsEveryPaint`).
    private(set) var gradientSlots: [(id: String, stops: [GradientStop])] = []
    /// The group opacities' slots (percent), when every paint has one.
    private(set) var numberSlots: [(id: String, value: Double)] = []
    /// Every paint, top first, its keypath from the top layer's name.
    private(set) var paints: [LottiePaint] = []

    /// A run of nodes drawn together: shapes in one layer, a ring, or an arc painted by an
    /// angular gradient that is less than a whole turn (its turn of pieces, shown through a
    /// matte of its own stroke).
    private enum Segment {
        case shapes([SceneNode])
        case ring(Ring)
        case matted(SceneNode)

        /// The layers it draws as: one, one per copy, or the pieces and their matte.
        var layerCount: Int {
            switch self {
            case .shapes: 1
            case .ring(let ring): ring.copies.count
            case .matted: 2
            }
        }
    }

    /// The name of the shape layer inside a ring's asset (keypaths pass through it:
    /// `Spinner.Capsule 3.Copy.Capsule.Fill`).
    static let copyLayerName = "Copy"

    /// The composition of `scene` drawn `pixels` CSS pixels square on `timeline`; with
    /// `slotsEveryPaint`, every colour and gradient in a slot (`LottieSceneBuilder`).
    init(scene: Scene, pixels: Int, timeline: LottieTimeline, layerName: String, slotsEveryPaint: Bool = false) {
        var builder = LottieSceneBuilder(timeline: timeline, slotsEveryPaint: slotsEveryPaint)
        defer { (gradientSlots, numberSlots) = (builder.gradientSlots, builder.numberSlots) }
        let segments = Self.segments(scene.nodes)
        let scale = 100 * Double(pixels) / scene.size
        let hasBackground = scene.hasBackground
        guard segments.contains(where: { if case .shapes = $0 { false } else { true } }) else {
            var shapes = builder.groups(for: scene.nodes)
            if hasBackground { shapes.append(builder.backgroundGroup(scene.background, size: scene.size)) }
            layers = [Self.shapeLayer(layerName, index: 1, shapes: shapes, scale: scale, timeline: timeline,
                                      mirroredWidth: scene.mirrored ? scene.size : nil)]
            paints = builder.takePaints().map { $0.under(layerName) }
            slots = builder.slots
            return
        }
        // The precomposition's layers are made bottom first (the background, made last,
        // is the bottom one) and numbered top first: 1 at the top, `count` at the bottom.
        let count = segments.reduce(hasBackground ? 1 : 0) { $0 + $1.layerCount }
        var inner: [(layer: LottieLayer, paints: [LottiePaint])] = []  // bottom first, the background inserted below
        func nextIndex() -> Int { count - inner.count - (hasBackground ? 1 : 0) }
        for segment in segments {
            switch segment {
            case .shapes(let nodes):
                let layer = Self.shapeLayer("Shapes", index: nextIndex(), shapes: builder.groups(for: nodes), scale: 100, timeline: timeline)
                inner.append((layer, builder.takePaints().map { $0.under(layer.name) }))
            case .matted(let node):
                // Bottom first: the turn of pieces, then its matte above it.
                let (pieces, matte) = Self.mattedNodes(node)
                let turn = Self.shapeLayer(node.name ?? "Arc", index: nextIndex(), shapes: builder.groups(for: [pieces]), scale: 100,
                                           timeline: timeline, matte: .alpha)
                inner.append((turn, builder.takePaints().map { $0.under(turn.name) }))
                let stroke = Self.shapeLayer(turn.name + " Matte", index: nextIndex(), shapes: builder.groups(for: [matte]), scale: 100,
                                             timeline: timeline, matte: .source)
                // Listed as every paint is; its white only shapes the matte (its alpha counts).
                inner.append((stroke, builder.takePaints().map { $0.under(stroke.name) }))
            case .ring(let ring):
                let id = "ring\(assets.count + 1)"
                let (asset, assetPaints) = Self.ringAsset(ring, id: id, builder: &builder, timeline: timeline)
                assets.append(asset)
                for (copy, node) in ring.copies.enumerated() {
                    let layer = Self.ringLayer(node, copy: copy, of: ring, asset: id, index: nextIndex(), size: scene.size, timeline: timeline)
                    inner.append((layer, assetPaints.map { $0.under(layer.name) }))
                }
            }
        }
        if hasBackground {
            // A layer of its own here, its keypath the same: Spinner.Background.Fill.
            let layer = Self.shapeLayer("Background", index: count, shapes: builder.background(scene.background, size: scene.size),
                                        scale: 100, timeline: timeline)
            inner.insert((layer, builder.takePaints().map { $0.under(layer.name) }), at: 0)
        }
        let topFirst = inner.reversed()
        assets.append(LottiePrecomposition(id: "spinner", frameRate: timeline.frameRate, layers: topFirst.map(\.layer)))
        layers = [Self.precompLayer(layerName, index: 1, asset: "spinner", anchor: Point(x: 0, y: 0), rotation: 0, scale: scale,
                                    size: scene.size, start: 0, timeline: timeline, mirroredWidth: scene.mirrored ? scene.size : nil)]
        paints = topFirst.flatMap(\.paints).map { $0.under(layerName) }
        slots = builder.slots
    }

    /// `nodes` cut into the model's rings, matted arcs and runs of other nodes, in drawing
    /// order. A ring whose copies differ in colour is drawn as its copies (one asset
    /// cannot hold several colours).
    private static func segments(_ nodes: [SceneNode]) -> [Segment] {
        var segments: [Segment] = []
        for node in nodes {
            if case .ring(let ring) = node.content, ring.paints == nil {
                segments.append(.ring(ring))
            } else if needsMatte(node) {
                // Its drop shadow outside the matte: a clear stroke casting it, just beneath.
                if let shadow = shadowNode(of: node) {
                    if case .shapes(let run)? = segments.last {
                        segments[segments.count - 1] = .shapes(run + [shadow])
                    } else {
                        segments.append(.shapes([shadow]))
                    }
                }
                segments.append(.matted(node))
            } else if case .shapes(let run)? = segments.last {
                segments[segments.count - 1] = .shapes(run + [node])
            } else {
                segments.append(.shapes([node]))
            }
        }
        return segments
    }

    /// Whether `node` is an undashed arc painted by an angular gradient that is not a still
    /// whole turn: drawn as its turn of pieces through a matte of its own stroke.
    private static func needsMatte(_ node: SceneNode) -> Bool {
        guard case .shape(let shape) = node.content, case .angular = shape.paint, case .arc(let arc) = shape.shape,
              let stroke = shape.stroke, stroke.dash.isEmpty else { return false }
        if case .constant(let from) = arc.from, case .constant(let to) = arc.to, to - from >= 1 { return false }
        return true
    }

    /// The drop shadow of a matted arc, cast by a clear copy of its stroke (same transforms
    /// and opacity); nil without one.
    private static func shadowNode(of node: SceneNode) -> SceneNode? {
        guard case .shape(let shape) = node.content, let shadow = shape.dropShadow else { return nil }
        return SceneNode(.shape(ShapeNode(shape.shape, paint: .solid(.transparent), stroke: shape.stroke, dropShadow: shadow)),
                         transforms: node.transforms, opacity: node.opacity, name: (node.name ?? "Arc") + " Shadow")
    }

    /// A matted arc's two nodes: its whole turn of pieces (with the node's transforms and
    /// opacity) and its stroke in opaque white (its transforms only), the matte.
    private static func mattedNodes(_ node: SceneNode) -> (pieces: SceneNode, matte: SceneNode) {
        guard case .shape(let shape) = node.content, case .arc(let arc) = shape.shape else { return (node, node) }
        let turn = Arc(center: arc.center, radius: arc.radius, originDegrees: arc.originDegrees, from: .constant(0), to: .constant(1))
        // Wider than the stroke by `AngularGradient.maskedMargin` a side: the matte alone makes
        // the edges (pieces as wide would antialias each edge twice, thinning it).
        let wider = shape.stroke.map { StrokeStyle(width: $0.width + 2 * AngularGradient.maskedMargin, cap: $0.cap) }
        let pieces = SceneNode(.shape(ShapeNode(.arc(turn), paint: shape.paint, stroke: wider, slot: shape.slot)),
                               transforms: node.transforms, opacity: node.opacity, name: node.name)
        let matte = SceneNode(.shape(ShapeNode(shape.shape, paint: .solid(.white), stroke: shape.stroke)),
                              transforms: node.transforms, name: node.name)
        return (pieces, matte)
    }

    /// The shared copy: one shape layer, its opacity over a loop and a period (a copy
    /// starts up to a period into it); and its paints, keypaths from the asset's layer.
    private static func ringAsset(_ ring: Ring, id: String, builder: inout LottieSceneBuilder,
                                  timeline: LottieTimeline) -> (LottiePrecomposition, [LottiePaint]) {
        let span = timeline.loopMilliseconds + ring.opacity.periodMilliseconds
        // The opacity is the group's, not the layer's: rlottie blends every layer whose
        // opacity is below 1 over the whole canvas, losing 1/255 of everything beneath it
        // each time (12 copies took 11/255 off the copy at the bottom).
        let transform = LottieShapeTransform(pivotX: 0, pivotY: 0, rotation: .fixed(0),
                                             opacity: timeline.content(.track(ring.opacity), .opacity, span: span))
        let copy = builder.group(ring.name, transform: transform) { $0.shapeItems(ring.shape) }
        let layer = shapeLayer(copyLayerName, index: 1, shapes: [copy], scale: 100, timeline: timeline,
                               outPoint: timeline.frame(Rational(Int64(span))))
        return (LottiePrecomposition(id: id, frameRate: timeline.frameRate, layers: [layer]),
                builder.takePaints().map { $0.under(copyLayerName) })
    }

    /// Copy `copy` of a ring, the `index`-th layer: the asset turned to its place, started
    /// as far into the period as its opacity is at time 0.
    private static func ringLayer(_ node: SceneNode, copy: Int, of ring: Ring, asset: String, index: Int, size: Double,
                                  timeline: LottieTimeline) -> LottieLayer {
        var degrees = 0.0
        if case .rotate(.constant(let angle), _)? = node.transforms.first { degrees = angle }
        var start = Rational.zero
        if case .track(_, let offset) = node.opacity { start = offset.modulo(ring.opacity.period) }
        return precompLayer(node.name ?? "Copy \(copy + 1)", index: index, asset: asset, anchor: ring.center, rotation: degrees, scale: 100,
                            size: size, start: -timeline.frame(start), timeline: timeline)
    }

    /// A shape layer of `shapes` in points, scaled by `scale` percent (and mirrored across a
    /// box `mirroredWidth` points wide, when given), shown from frame 0 to `outPoint`
    /// (default: the loop's end).
    private static func shapeLayer(_ name: String, index: Int, shapes: [LottieShapeItem], scale: Double, timeline: LottieTimeline,
                                   outPoint: Double? = nil, matte: LottieLayer.Matte? = nil, mirroredWidth: Double? = nil) -> LottieLayer {
        LottieLayer(index: index, name: name, content: .shapes(shapes),
                    transform: LottieLayerTransform(anchorX: 0, anchorY: 0, degrees: 0, percent: scale, mirroredWidth: mirroredWidth),
                    outPoint: outPoint ?? Double(timeline.outPoint), matte: matte)
    }

    /// A precomposition layer showing `asset` (`size` points square) turned by `rotation`
    /// degrees about `anchor`, scaled by `scale` percent (and mirrored across a box
    /// `mirroredWidth` points wide, when given), started at frame `start`.
    private static func precompLayer(_ name: String, index: Int, asset: String, anchor: Point, rotation: Double, scale: Double,
                                     size: Double, start: Double, timeline: LottieTimeline, mirroredWidth: Double? = nil) -> LottieLayer {
        LottieLayer(index: index, name: name, content: .precomposition(id: asset, width: size, height: size),
                    transform: LottieLayerTransform(anchorX: anchor.x, anchorY: anchor.y, degrees: rotation, percent: scale,
                                                    mirroredWidth: mirroredWidth),
                    outPoint: Double(timeline.outPoint), startTime: start)
    }
}
