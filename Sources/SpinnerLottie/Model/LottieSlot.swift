import SpinnerModel

/// A value apps may replace at run time: a colour, a paint's opacity, or a gradient's stops.
struct LottieSlot: Sendable {
    /// What the slot holds by default.
    enum Value: Sendable {
        /// A paint's colour.
        case color(LottieColor)
        /// A paint's opacity, 0...100.
        case number(Double)
        /// A gradient's stops (offsets 0...1 and colours).
        case gradient([GradientStop])
    }

    /// The slot id properties name in their `sid`.
    var id: String
    /// Its default value.
    var value: Value
}
