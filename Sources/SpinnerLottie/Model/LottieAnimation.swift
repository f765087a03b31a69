/// A whole Lottie animation (the document), as lottie-ios's `LottieAnimation` models it:
/// its timeline, canvas, precompositions, layers and slots.
struct LottieAnimation: Sendable {
    /// The exporter version whose form the document follows (`v`).
    var version: String
    /// Frames a second (`fr`; may be fractional).
    var frameRate: Double
    /// The last frame, exclusive (`op`); the first (`ip`) is 0.
    var outPoint: Int
    /// Canvas width and height in pixels (`w`, `h`).
    var width: Int
    var height: Int
    /// The animation's name (`nm`).
    var name: String
    /// Precompositions the layers refer to (`assets`).
    var assets: [LottiePrecomposition]
    /// The layers, top first (`layers`).
    var layers: [LottieLayer]
    /// Values apps may replace at run time (`slots`; written only when there are some).
    var slots: [LottieSlot]
}

/// A precomposition asset: layers that precomposition layers show (`id`, `nm` the same).
struct LottiePrecomposition: Sendable {
    /// The id layers refer to (`refId`), also written as its name.
    var id: String
    /// Frames a second (`fr`), the animation's.
    var frameRate: Double
    /// Its layers, top first.
    var layers: [LottieLayer]
}

/// A value apps may replace at run time: a colour, or a paint's opacity.
struct LottieSlot: Sendable {
    /// What the slot holds by default.
    enum Value: Sendable {
        /// A paint's colour.
        case color(LottieColor)
        /// A paint's opacity, 0...100.
        case number(Double)
    }

    /// The slot id properties name in their `sid`.
    var id: String
    /// Its default value.
    var value: Value
}
