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
