/// A layer: a shape layer (`ty` 4) drawing shape items, or a precomposition layer (`ty` 0)
/// showing a precomposition asset. Shown from frame 0 (`ip`) to `outPoint`, its own time
/// `startTime` frames behind the animation's.
struct LottieLayer: Sendable {
    /// What the layer draws.
    enum Content: Sendable {
        /// Shape items, the first drawn on top (`shapes`).
        case shapes([LottieShapeItem])
        /// The precomposition `id` (`refId`), `width` by `height` points (`w`, `h`).
        case precomposition(id: String, width: Double, height: Double)
    }

    /// The layer's index (`ind`), 1 for the top layer of its list.
    var index: Int
    /// The layer's name (`nm`): the first name of keypaths through it.
    var name: String
    /// What it draws.
    var content: Content
    /// Its transform (`ks`).
    var transform: LottieLayerTransform
    /// The frame it stops showing at, exclusive (`op`).
    var outPoint: Double
    /// The frame at which its own time starts (`st`; negative starts it part-way in). Default 0.
    var startTime: Double = 0
    /// Its part in a track matte, if any. Default none.
    var matte: Matte? = nil

    /// A track matte: a layer whose alpha shows only where the layer above it is drawn.
    enum Matte: Sendable {
        /// The matte itself (`td` 1), not drawn; the layer below shows through it.
        case source
        /// Shown through the alpha of the layer just above (`tt` 1).
        case alpha
    }
}
