import SpinnerModel

/// Paints. Every solid colour of a shape with a `slot` carries it as its `sid`, and its
/// opacity the slot `<slot>Opacity` (`LottieDocument.opacitySlot`): a colour's alpha is its
/// paint's opacity, which players keep apart from the colour, so a colour and its alpha
/// given through slots draw what the same colour given in the URL draws. Each paint is
/// recorded as it is written, and each slot's colour collected for the document's `slots`.
extension LottieSceneBuilder {
    /// The fill of a shape without a stroke: solid, a linear gradient, or an angular
    /// gradient's colour off arcs.
    mutating func paintFill(_ paint: Paint, slot: String?) -> [LottieShapeItem] {
        switch paint {
        case .solid(let color):
            return [fill(color, slot: slot)]
        case .linear(let gradient):
            let fill = LottieGradientFill(name: "Gradient", gradient: Self.gradient(gradient, indexes: (stops: 9, start: 5, end: 6)))
            record(fill.name, .gradientFill, slot: nil)
            return [.gradientFill(fill)]
        case .angular(let gradient):
            return [fill(gradient.colorOffArcs, slot: slot)]
        }
    }

    /// A solid fill named "Fill".
    mutating func fill(_ color: Color, slot: String?) -> LottieShapeItem {
        let fill = LottieFill(color: colour(color, slot: slot, index: 4), opacity: opacity(color, slot: slot, index: 5))
        record(fill.name, .fill, slot: slot)
        return .fill(fill)
    }

    /// A solid stroke `width` points wide.
    mutating func solidStroke(_ color: Color, width: Double, cap: StrokeStyle.LineCap, name: String, slot: String?) -> LottieShapeItem {
        let stroke = LottieStroke(name: name, color: colour(color, slot: slot, index: 3), opacity: opacity(color, slot: slot, index: 4),
                                  width: .fixed(width, index: 5), lineCap: LottieLineCap(cap))
        record(name, .stroke, slot: slot)
        return .stroke(stroke)
    }

    /// A linear-gradient stroke `width` points wide.
    mutating func gradientStroke(_ gradient: LinearGradient, width: Double, cap: StrokeStyle.LineCap, name: String) -> LottieShapeItem {
        let stroke = LottieGradientStroke(name: name, width: .fixed(width, index: 10),
                                          gradient: Self.gradient(gradient, indexes: (stops: 8, start: 4, end: 5)), lineCap: LottieLineCap(cap))
        record(name, .gradientStroke, slot: nil)
        return .gradientStroke(stroke)
    }

    /// A colour property, with the slot id when the colour can be changed at run time
    /// (the slot's colour noted the first time it is met).
    private mutating func colour(_ color: Color, slot: String?, index: Int) -> LottieProperty<LottieColor> {
        if let slot, !slots.contains(where: { $0.id == slot }) { slots.append((slot, color)) }
        return .fixed(LottieColor(color), index: index, slot: slot)
    }

    /// A paint's opacity (the colour's alpha, 0...100); with the slot `<slot>Opacity` when
    /// the colour has a slot.
    private func opacity(_ color: Color, slot: String?, index: Int) -> LottieProperty<Double> {
        .fixed(color.alpha * 100, index: index, slot: slot.map(LottieDocument.opacitySlot))
    }

    /// A linear gradient's stops (colours only: rlottie misdraws transparency stops) and
    /// points, with the property indexes of a gradient fill or stroke.
    private static func gradient(_ gradient: LinearGradient, indexes: (stops: Int, start: Int, end: Int)) -> LottieGradient {
        let stops = gradient.stops.flatMap { stop in [stop.offset, stop.color.red, stop.color.green, stop.color.blue] }
        return LottieGradient(colorCount: gradient.stops.count, stops: .fixed(stops, index: indexes.stops),
                              start: .fixed(LottieVector2(x: gradient.start.x, y: gradient.start.y), index: indexes.start),
                              end: .fixed(LottieVector2(x: gradient.end.x, y: gradient.end.y), index: indexes.end))
    }
}

extension LottieColor {
    /// `color`'s red, green and blue (its alpha goes to the paint's opacity).
    init(_ color: Color) {
        self.init(red: color.red, green: color.green, blue: color.blue)
    }
}

extension LottieLineCap {
    /// The model's cap: round, else butt.
    init(_ cap: StrokeStyle.LineCap) {
        self = cap == .round ? .round : .butt
    }
}
