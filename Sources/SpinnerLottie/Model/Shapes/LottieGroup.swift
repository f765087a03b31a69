/// A group (`gr`): a list of items and the transform they are drawn with, which the
/// document lists as the group's last item (a group always has one: lottie-web with
/// expressions fails to load a group without it).
struct LottieGroup: Sendable {
    /// The group's name (`nm`), a part of keypaths.
    var name: String
    /// Its items, the first drawn on top; without the transform.
    var items: [LottieShapeItem]
    /// How its items are turned and faded.
    var transform: LottieShapeTransform
}
