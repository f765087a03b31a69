/// An animatable property of a layer or shape item (`{"a":0,"k":…,"ix":…}`): a fixed
/// value or keyframes, its index among its item's properties, and optionally the slot
/// (`sid`) through which players may replace it.
struct LottieProperty<Value: LottiePropertyValue>: Sendable {
    /// The property's value over time.
    enum Content: Sendable {
        /// The same value on every frame (`a` 0).
        case fixed(Value)
        /// Keyframes, in time order (`a` 1).
        case keyframed([LottieKeyframe<Value>])
    }

    /// The value, fixed or keyframed.
    var content: Content
    /// The property's index in its item (`ix`), as the exporter numbers them.
    var index: Int
    /// The slot id (`sid`) that may replace a fixed value at run time; nil (the default): none.
    var slot: String? = nil

    /// A fixed property.
    static func fixed(_ value: Value, index: Int, slot: String? = nil) -> LottieProperty {
        LottieProperty(content: .fixed(value), index: index, slot: slot)
    }
}
