import SpinnerModel

/// A spinner as a Lottie animation (JSON), for apps: lottie-ios, lottie-android, Skottie,
/// rlottie, ThorVG/dotLottie and lottie-web play it. The third engine over the model: it
/// reads the same `Scene` as the raster and SVG engines and writes its shapes, paints
/// and keyframe tracks as one shape layer named "Spinner".
///
/// The composition is `size` CSS pixels square (the layer scales the scene's points to
/// it) and one loop long (`LottieTimeline`). `theme=auto` is drawn light, as the raster
/// formats are (an app picks `theme=dark` for its dark appearance, or recolours through
/// the slots). Colours that apps may change are Lottie slots (`sid`), listed in the
/// document's `slots` with their values, and every group is named, so keypaths such as
/// `Spinner.Puck.Stroke` (lottie-ios `AnimationKeypath`, lottie-android `KeyPath`,
/// rlottie) find them.
public struct LottieDocument: Sendable {
    /// The document text.
    public let text: String
    /// The slots: id and colour (its default), in the order the document lists them.
    public let slots: [(id: String, color: Color)]
    /// Every paint, top first, with its keypath and slot.
    public let paints: [LottiePaint]
    /// Every slot's value as the document's `slots` lists it (colours, their opacities,
    /// and with `slotsEveryPaint` the gradients), for the themes of a dotLottie file.
    let slotValues: [LottieSlot]

    /// The Lottie name of the one layer.
    public static let layerName = "Spinner"

    /// The exporter version whose form the document follows (its `v`; rlottie needs one,
    /// Qt's player reads keyframes the 5.5-and-later way only from 5.5.0 on).
    static let version = "5.12.2"

    /// The slot holding the opacity (0...100) of the paint whose colour is slot `slot`.
    public static func opacitySlot(_ slot: String) -> String { slot + "Opacity" }

    /// The animation of `scene` (the request's, in its fixed theme) over a loop of
    /// `loopMilliseconds`, as the renderer planned it within the budget: every track is
    /// written over the whole loop, so the document grows with it. `slotsEveryPaint`
    /// (default false) puts every colour and gradient in a slot, for a dotLottie file's
    /// themes (`LottieSceneBuilder.slotsEveryPaint`).
    public init(request: SpinnerRequest, scene: Scene, loopMilliseconds: Int, slotsEveryPaint: Bool = false) {
        let timeline = LottieTimeline(loopMilliseconds: loopMilliseconds)
        let composition = LottieComposition(scene: scene, pixels: request.shared.size, timeline: timeline, layerName: Self.layerName,
                                            slotsEveryPaint: slotsEveryPaint)
        // Each colour, then its opacity (the colour's alpha as a percentage); then the
        // gradients and the group opacities.
        let slotValues = composition.slots.flatMap { slot in
            [LottieSlot(id: slot.id, value: .color(LottieColor(slot.color))),
             LottieSlot(id: Self.opacitySlot(slot.id), value: .number(slot.color.alpha * 100))]
        } + composition.gradientSlots.map { LottieSlot(id: $0.id, value: .gradient($0.stops)) }
          + composition.numberSlots.map { LottieSlot(id: $0.id, value: .number($0.value)) }
        let animation = LottieAnimation(version: Self.version, frameRate: timeline.frameRate, outPoint: timeline.outPoint,
                                        width: request.shared.size, height: request.shared.size, name: "spinnerd \(request.kind.rawValue)",
                                        assets: composition.assets, layers: composition.layers, slots: slotValues)
        var writer = LottieJSONWriter()
        writer.animation(animation)
        text = writer.text
        slots = composition.slots
        paints = composition.paints
        self.slotValues = slotValues
    }

    /// The animation for `request` at its own loop, planned here within `budget` (default:
    /// the service's), for the catalog, tests and tools; a loop past the budget's limit is
    /// refused as the renderer refuses it.
    public init(request: SpinnerRequest, budget: RenderBudget = RenderBudget()) throws(RequestError) {
        let scene = request.kind.scene(for: request)
        self.init(request: request, scene: scene, loopMilliseconds: try FramePlan.loop(of: scene, budget: budget))
    }

    /// The UTF-8 bytes.
    public var bytes: [UInt8] { Array(text.utf8) }
}
