/// A whole Lottie animation (the document), as lottie-ios's `LottieAnimation` models it:
/// its timeline, canvas, precompositions, layers and slots.
struct LottieAnimation: Sendable {
    /// The exporter version whose form the document follows (`v`).
    var version: String
    /// Frames a second (`fr`; may be fractional).
    var frameRate: Double
    /// The last frame, exclusive (`op`); the first (`ip`) is 0.
    var outPoint: Int
    /// Canvas width in pixels (`w`).
    var width: Int
    /// Canvas height in pixels (`h`).
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
