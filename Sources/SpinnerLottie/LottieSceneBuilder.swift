import ExactTime
import SpinnerModel

/// Turns a scene's nodes into Lottie shape groups (`gr`): each node a group named after
/// it, its shape (`el` ellipse, `rc` rounded rectangle, `el` + `tm` trim for an arc), its
/// paint (`st` stroke, `fl` fill, `gs` linear-gradient stroke) and a `tr` transform last
/// with its rotation about its pivot and its opacity. Lottie draws the first item of a
/// list on top, so lists are written in reverse drawing order.
///
/// Two paints have no portable Lottie form and are drawn as the model draws them:
/// an angular gradient along an arc is one shape per dash (a dot, as the `arc` kind's
/// 0.1 pt dashes with round caps are), each in its own colour; an inner shadow is the
/// same nested bands of stroke the other engines draw (`InnerShadow.bands`).
///
/// Every solid colour of a shape with a `slot` carries it as its `sid`, and the slot's
/// value is collected for the document's `slots`, so apps can recolour at run time.
struct LottieSceneBuilder {
    let timeline: LottieTimeline
    /// Slot id → colour, in the order first met.
    private(set) var slots: [(id: String, color: Color)] = []

    init(timeline: LottieTimeline) {
        self.timeline = timeline
    }

    /// The groups drawing `nodes`, the last node on top (first in the list).
    mutating func groups(for nodes: [SceneNode]) -> [LottieValue] {
        nodes.enumerated().reversed().map { index, node in group(for: node, fallbackName: "Part \(index + 1)") }
    }

    /// The items filling the box of `size` points with `color` (slot `background`).
    mutating func background(_ color: Color, size: Double) -> [LottieValue] {
        let middle = size / 2
        return [
            Self.item("rc", nil, [("p", Self.point(middle, middle)), ("s", Self.point(size, size)), ("r", LottieProperty.fixed(.int(0)))]),
            fill(color, slot: "background"),
        ]
    }

    mutating func group(for node: SceneNode, fallbackName: String) -> LottieValue {
        var items: [LottieValue]
        switch node.content {
        case .shape(let shape):
            items = shapeItems(shape)
        case .group(let children):
            items = children.enumerated().reversed().map { index, child in group(for: child, fallbackName: "Part \(index + 1)") }
        }
        // Transforms are listed outermost first: the innermost wraps the items first; the
        // outermost group carries the node's opacity and name.
        let rotations = node.transforms.map { transform -> (degrees: AnimatedValue, pivot: Point) in
            switch transform { case .rotate(let degrees, let pivot): (degrees, pivot) }
        }
        for (index, rotation) in rotations.enumerated().reversed() where index > 0 {
            items = [Self.group("Turn \(index + 1)", items,
                                transform: Self.transform(pivot: rotation.pivot, rotation: rotation.degrees, opacity: .constant(1),
                                                          timeline: timeline))]
        }
        let outer = rotations.first
        return Self.group(node.name ?? fallbackName, items,
                          transform: Self.transform(pivot: outer?.pivot ?? Point(x: 0, y: 0), rotation: outer?.degrees,
                                                    opacity: node.opacity, timeline: timeline))
    }

    /// The items that draw one shape: its path, its paints, then the path's trim (the
    /// order both players draw alike); or pieces of it.
    mutating func shapeItems(_ shape: ShapeNode) -> [LottieValue] {
        let (path, trim) = geometry(shape.shape)
        guard let stroke = shape.stroke else {
            return path + paintFill(shape.paint, slot: shape.slot) + trim
        }
        if case .angular(let gradient) = shape.paint, case .arc(let arc) = shape.shape {
            return angularPieces(arc, stroke: stroke, gradient: gradient)
        }
        if let shadow = shape.innerShadow, case .solid(let fill) = shape.paint {
            // Narrower bands on top: Lottie paints the first style of a list last.
            let bands = shadow.bands(strokeWidth: stroke.width, fill: fill).reversed().enumerated().map { index, band in
                solidStroke(band.color, width: band.width, cap: stroke.cap, name: "Band \(index + 1)", slot: nil)
            }
            return [Self.group("Bubble", path + bands + trim,
                               transform: Self.transform(pivot: Point(x: 0, y: 0), rotation: nil, opacity: .constant(fill.alpha),
                                                         timeline: timeline))]
        }
        switch shape.paint {
        case .solid(let color):
            return path + [solidStroke(color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: shape.slot)] + trim
        case .linear(let gradient):
            return path + [gradientStroke(gradient, stroke: stroke)] + trim
        case .angular(let gradient):
            // An angular gradient on anything but an arc: its colour at the start.
            return path + [solidStroke(gradient.stops.color(at: 0), width: stroke.width, cap: stroke.cap, name: "Stroke", slot: shape.slot)]
                + trim
        }
    }

    /// The path of `shape` (an ellipse or a rounded rectangle) and, for an arc, the trim
    /// that cuts the ellipse to it. Both players start an ellipse at 12 o'clock and run
    /// clockwise, as the model measures; the trim's offset turns its start to the arc's origin.
    private func geometry(_ shape: Shape) -> (path: [LottieValue], trim: [LottieValue]) {
        switch shape {
        case .circle(let center, let radius):
            return ([Self.item("el", nil, [("p", Self.point(center.x, center.y)), ("s", Self.point(2 * radius, 2 * radius))])], [])
        case .capsule(let center, let width, let height):
            return ([Self.item("rc", nil, [("p", Self.point(center.x, center.y)), ("s", Self.point(width, height)),
                                                   ("r", LottieProperty.fixed(.number(min(width, height) / 2)))])], [])
        case .arc(let arc):
            return ([Self.item("el", nil, [("p", Self.point(arc.center.x, arc.center.y)),
                                                 ("s", Self.point(2 * arc.radius, 2 * arc.radius))])],
                    [Self.item("tm", nil, [("s", LottieProperty.scalar(arc.from, .trim, timeline: timeline)),
                                              ("e", LottieProperty.scalar(arc.to, .trim, timeline: timeline)),
                                              ("o", LottieProperty.fixed(.number(arc.originDegrees))), ("m", .int(1))])])
        }
    }

    /// `arc`'s dashes, each drawn in the angular gradient's colour at its middle: a dash
    /// shorter than the stroke is a dot (a filled capsule, which is what a round-capped
    /// dash that short draws: `arc`'s 0.1 pt dashes); a longer one is a trimmed piece.
    private mutating func angularPieces(_ arc: Arc, stroke: StrokeStyle, gradient: AngularGradient) -> [LottieValue] {
        let (start, end) = arc.degrees(at: .zero)
        let length = 2 * Double.pi * arc.radius * (end - start) / 360
        var spans: [(Double, Double)] = []  // along the path, in points
        let period = stroke.dash.reduce(0, +)
        if stroke.dash.isEmpty || period <= 0 {
            let count = max(1, Int((end - start) / 2))
            spans = (0 ..< count).map { (length * Double($0) / Double(count), length * Double($0 + 1) / Double(count)) }
        } else {
            var position = -stroke.dashPhase.truncatingRemainder(dividingBy: period)
            var index = 0
            while position < length {
                let segment = stroke.dash[index % stroke.dash.count]
                if index % 2 == 0 && position + segment >= 0 { spans.append((max(0, position), min(length, position + segment))) }
                position += segment
                index += 1
            }
        }
        return spans.enumerated().reversed().map { index, span in
            let from = start + (end - start) * span.0 / length, to = start + (end - start) * span.1 / length
            var offset = ((from + to) / 2 - gradient.startDegrees).truncatingRemainder(dividingBy: 360) / 360
            if offset < 0 { offset += 1 }
            let color = gradient.stops.color(at: offset)
            let name = "Dot \(index + 1)", slot = "dot\(index + 1)"
            if (span.1 - span.0) < stroke.width {
                // A round-capped dash this short: a capsule as long as the dash plus its caps,
                // along the path's tangent (at 12 o'clock plus d degrees, d degrees from level).
                let middleDegrees = (from + to) / 2
                let middle = arc.center.onCircle(radius: arc.radius, degrees: middleDegrees)
                let width = stroke.width
                return Self.group(name, [
                    Self.item("rc", nil, [("p", Self.point(middle.x, middle.y)), ("s", Self.point(span.1 - span.0 + width, width)),
                                          ("r", LottieProperty.fixed(.number(width / 2)))]),
                    fill(color, slot: slot),
                ], transform: Self.transform(pivot: middle, rotation: .constant(middleDegrees), opacity: .constant(1), timeline: timeline))
            }
            let piece = Arc(center: arc.center, radius: arc.radius, originDegrees: from, from: .constant(0), to: .constant((to - from) / 360))
            let (path, trim) = geometry(.arc(piece))
            return Self.group(name, path + [solidStroke(color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: slot)] + trim,
                              transform: nil)
        }
    }

    private mutating func paintFill(_ paint: Paint, slot: String?) -> [LottieValue] {
        switch paint {
        case .solid(let color): return [fill(color, slot: slot)]
        case .linear(let gradient):
            return [Self.item("gf", "Gradient", [("o", LottieProperty.fixed(.int(100))), ("r", .int(1))] + Self.gradient(gradient))]
        case .angular(let gradient): return [fill(gradient.stops.color(at: 0), slot: slot)]
        }
    }

    private mutating func fill(_ color: Color, slot: String?) -> LottieValue {
        Self.item("fl", "Fill", [("c", colour(color, slot: slot)), ("o", LottieProperty.fixed(.number(color.alpha * 100))), ("r", .int(1))])
    }

    private mutating func solidStroke(_ color: Color, width: Double, cap: StrokeStyle.LineCap, name: String, slot: String?) -> LottieValue {
        Self.item("st", name, [("c", colour(color, slot: slot)), ("o", LottieProperty.fixed(.number(color.alpha * 100))),
                               ("w", LottieProperty.fixed(.number(width)))] + Self.lineStyle(cap))
    }

    private func gradientStroke(_ gradient: LinearGradient, stroke: StrokeStyle) -> LottieValue {
        Self.item("gs", "Gradient", [("o", LottieProperty.fixed(.int(100))), ("w", LottieProperty.fixed(.number(stroke.width)))]
                  + Self.lineStyle(stroke.cap) + Self.gradient(gradient))
    }

    /// A colour property (red, green, blue 0...1; alpha goes to the style's opacity); with
    /// a slot id when the colour can be changed at run time.
    private mutating func colour(_ color: Color, slot: String?) -> LottieValue {
        let value = LottieValue.array([.number(color.red), .number(color.green), .number(color.blue)])
        guard let slot else { return LottieProperty.fixed(value) }
        if !slots.contains(where: { $0.id == slot }) { slots.append((slot, color)) }
        return .object([("sid", .string(slot)), ("a", .int(0)), ("k", value)])
    }

    private static func lineStyle(_ cap: StrokeStyle.LineCap) -> [(String, LottieValue)] {
        [("lc", .int(cap == .round ? 2 : 1)), ("lj", .int(2)), ("ml", .int(4))]
    }

    /// A linear gradient's stops (colours only: rlottie misdraws transparency stops) and points.
    private static func gradient(_ gradient: LinearGradient) -> [(String, LottieValue)] {
        let stops = gradient.stops.flatMap { stop in [stop.offset, stop.color.red, stop.color.green, stop.color.blue].map(LottieValue.number) }
        return [("g", .object([("p", .int(gradient.stops.count)), ("k", LottieProperty.fixed(.array(stops)))])),
                ("s", point(gradient.start.x, gradient.start.y)), ("e", point(gradient.end.x, gradient.end.y)), ("t", .int(1))]
    }

    /// A shape item: `ty` first (rlottie reads nothing before it), then its name when it
    /// has one (groups and paints, which keypaths name; paths and transforms need none).
    static func item(_ type: String, _ name: String?, _ fields: [(String, LottieValue)]) -> LottieValue {
        .object([("ty", .string(type))] + (name.map { [("nm", .string($0))] } ?? []) + fields)
    }

    /// A group of `items` with an optional transform (last, as Lottie lists it).
    static func group(_ name: String, _ items: [LottieValue], transform: LottieValue?) -> LottieValue {
        item("gr", name, [("it", .array(items + (transform.map { [$0] } ?? [])))])
    }

    /// A group transform: a rotation about `pivot` (anchor and position both there) and an opacity.
    static func transform(pivot: Point, rotation: AnimatedValue?, opacity: AnimatedValue, timeline: LottieTimeline) -> LottieValue {
        item("tr", nil, [("p", point(pivot.x, pivot.y)), ("a", point(pivot.x, pivot.y)),
                                 ("s", LottieProperty.fixed(.array([.int(100), .int(100)]))),
                                 ("r", LottieProperty.scalar(rotation ?? .constant(0), .degrees, timeline: timeline)),
                                 ("o", LottieProperty.scalar(opacity, .opacity, timeline: timeline))])
    }

    static func point(_ x: Double, _ y: Double) -> LottieValue {
        LottieProperty.fixed(.array([.number(x), .number(y)]))
    }
}
