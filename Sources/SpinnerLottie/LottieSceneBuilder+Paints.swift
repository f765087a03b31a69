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
        case .linear, .radial:
            guard let gradient = lottieGradient(paint, indexes: (stops: 9, start: 5, end: 6)) else { return [] }
            let fill = LottieGradientFill(name: "Gradient", gradient: gradient)
            record(fill.name, .gradientFill, slot: nil)
            return [.gradientFill(fill)]
        case .angular(let gradient):
            return [fill(gradient.colorOffArcs, slot: slot)]
        }
    }

    /// A solid fill named "Fill".
    mutating func fill(_ color: Color, slot: String?) -> LottieShapeItem {
        let slot = slot ?? themeSlot()
        let fill = LottieFill(color: colour(color, slot: slot, index: 4), opacity: opacity(color, slot: slot, index: 5))
        record(fill.name, .fill, slot: slot)
        return .fill(fill)
    }

    /// A solid stroke `width` points wide.
    mutating func solidStroke(_ color: Color, width: Double, cap: StrokeStyle.LineCap, name: String, slot: String?) -> LottieShapeItem {
        let slot = slot ?? themeSlot()
        let stroke = LottieStroke(name: name, color: colour(color, slot: slot, index: 3), opacity: opacity(color, slot: slot, index: 4),
                                  width: .fixed(width, index: 5), lineCap: LottieLineCap(cap))
        record(name, .stroke, slot: slot)
        return .stroke(stroke)
    }

    /// A linear- or radial-gradient stroke `width` points wide (nil for another paint).
    mutating func gradientStroke(_ paint: Paint, width: Double, cap: StrokeStyle.LineCap, name: String) -> LottieShapeItem? {
        guard let gradient = lottieGradient(paint, indexes: (stops: 8, start: 4, end: 5)) else { return nil }
        let stroke = LottieGradientStroke(name: name, width: .fixed(width, index: 10), gradient: gradient, lineCap: LottieLineCap(cap))
        record(name, .gradientStroke, slot: nil)
        return .gradientStroke(stroke)
    }

    /// The slot of a colour that has none of its own, when every paint gets one
    /// (`slotsEveryPaint`); nil otherwise.
    private mutating func themeSlot() -> String? {
        guard slotsEveryPaint else { return nil }
        themeColourCount += 1
        return "theme\(themeColourCount)"
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

    /// A linear or radial gradient's stops and points, with the property indexes of a
    /// gradient fill or stroke; nil for another paint. Opacity stops follow the colour
    /// stops only when some stop is translucent (rlottie misdraws them). Lottie's radial
    /// gradient is a circle: an ellipse is drawn as the circle of the same area. With
    /// `slotsEveryPaint`, its stops are the slot `themeGradient<n>`.
    private mutating func lottieGradient(_ paint: Paint, indexes: (stops: Int, start: Int, end: Int)) -> LottieGradient? {
        let stops: [GradientStop], start: Point, end: Point, radial: Bool
        switch paint {
        case .linear(let gradient):
            (stops, start, end, radial) = (gradient.stops, gradient.start, gradient.end, false)
        case .radial(let gradient):
            let radius = (gradient.radiusX * gradient.radiusY).squareRoot()
            (stops, start, end, radial) = (gradient.stops, gradient.center, Point(x: gradient.center.x + radius, y: gradient.center.y), true)
        case .solid, .angular:
            return nil
        }
        let values = LottieGradient.values(of: stops)
        var slot: String?
        if slotsEveryPaint {
            let id = "themeGradient\(gradientSlots.count + 1)"
            gradientSlots.append((id: id, stops: stops))
            slot = id
        }
        return LottieGradient(radial: radial, colorCount: stops.count, stops: .fixed(values, index: indexes.stops), slot: slot,
                              start: .fixed(LottieVector2(x: start.x, y: start.y), index: indexes.start),
                              end: .fixed(LottieVector2(x: end.x, y: end.y), index: indexes.end))
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
