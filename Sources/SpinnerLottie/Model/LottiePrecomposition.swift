/// A precomposition asset: layers that precomposition layers show (`id`, `nm` the same).
struct LottiePrecomposition: Sendable {
    /// The id layers refer to (`refId`), also written as its name.
    var id: String
    /// Frames a second (`fr`), the animation's.
    var frameRate: Double
    /// Its layers, top first.
    var layers: [LottieLayer]
}
