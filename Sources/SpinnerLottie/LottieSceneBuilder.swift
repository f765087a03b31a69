import ExactTime
import SpinnerModel

/// Turns a scene's nodes into Lottie shape groups (`gr`): each node a group named after
/// it, its shape (`el` ellipse, `rc` rounded rectangle, `el` + `tm` trim for an arc), its
/// paint (`st` stroke, `fl` fill, `gs` linear-gradient stroke) and a `tr` transform last
/// with its rotation about its pivot and its opacity. Lottie draws the first item of a
/// list on top, so lists are written in reverse drawing order.
///
/// Items are written in the form After Effects' bodymovin exporter writes (5.8 and later),
/// which every player is built and tested against: every group's list ends with its
/// transform (lottie-web with expressions, its default build, fails to load a group
/// without one), colours have four components (Qt's player draws three-component colours
/// as transparent), and each item carries its `nm`, match name `mn`, `hd`, blend mode and
/// property indexes `ix`. One deviation: `ty` comes first in every item (the exporter puts
/// an ellipse's `d` before it), because rlottie reads nothing before an item's `ty`.
///
/// Two paints have no portable Lottie form and are drawn as the model draws them:
/// an angular gradient along an arc is one shape per piece the model cuts
/// (`AngularGradient.pieces`: a dot, as the `arc` kind's 0.1 pt dashes with round caps
/// are), each in its own colour; an inner shadow is the same nested bands of stroke the
/// other engines draw (`InnerShadow.bands`).
///
/// Every solid colour of a shape with a `slot` carries it as its `sid`, and its opacity the
/// slot `<slot>Opacity` (`LottieDocument.opacitySlot`): a colour's alpha is its paint's
/// opacity, which players keep apart from the colour, so a colour and its alpha given
/// through slots draw what the same colour given in the URL draws. The slots' values are
/// collected for the document's `slots`, so apps can recolour at run time.
struct LottieSceneBuilder {
    let timeline: LottieTimeline
    /// Slot id → colour, in the order first met.
    private(set) var slots: [(id: String, color: Color)] = []

    init(timeline: LottieTimeline) {
        self.timeline = timeline
    }

    /// The groups drawing `nodes`, the last node on top (first in the list).
    mutating func groups(for nodes: [SceneNode]) -> [LottieValue] {
        nodes.enumerated().reversed().enumerated().map { position, entry in
            group(for: entry.element, fallbackName: "Part \(entry.offset + 1)", index: position + 1)
        }
    }

    /// The items filling the box of `size` points with `color` (slot `background`).
    mutating func background(_ color: Color, size: Double) -> [LottieValue] {
        let middle = size / 2
        return [Self.rectangle(center: Point(x: middle, y: middle), width: size, height: size, radius: 0), fill(color, slot: "background")]
    }

    /// The group named `Background` filling the box (a group like every other, so that
    /// its list ends with its transform).
    mutating func backgroundGroup(_ color: Color, size: Double, index: Int) -> LottieValue {
        Self.group("Background", background(color, size: size), transform: Self.identity, index: index)
    }

    mutating func group(for node: SceneNode, fallbackName: String, index: Int) -> LottieValue {
        var items: [LottieValue]
        switch node.content {
        case .shape(let shape):
            items = shapeItems(shape)
        case .group(let children):
            items = groups(for: children)
        case .ring(let ring):
            // A ring inside a group (no kind has one): its copies, each a group.
            items = groups(for: ring.copies)
        }
        // Transforms are listed outermost first: the innermost wraps the items first; the
        // outermost group carries the node's opacity and name.
        let rotations = node.transforms.map { transform -> (degrees: AnimatedValue, pivot: Point) in
            switch transform { case .rotate(let degrees, let pivot): (degrees, pivot) }
        }
        for (position, rotation) in rotations.enumerated().reversed() where position > 0 {
            items = [Self.group("Turn \(position + 1)", items,
                                transform: Self.transform(pivot: rotation.pivot, rotation: rotation.degrees, opacity: .constant(1),
                                                          timeline: timeline), index: 1)]
        }
        let outer = rotations.first
        return Self.group(node.name ?? fallbackName, items,
                          transform: Self.transform(pivot: outer?.pivot ?? Point(x: 0, y: 0), rotation: outer?.degrees,
                                                    opacity: node.opacity, timeline: timeline), index: index)
    }

    /// The items that draw one shape: its path, its paints, then the path's trim (the
    /// order both players draw alike); or pieces of it.
    mutating func shapeItems(_ shape: ShapeNode) -> [LottieValue] {
        let (path, trimmed) = geometry(shape.shape)
        /// The list with the trim (when the shape is an arc) after the rest.
        func trim(_ items: [LottieValue]) -> [LottieValue] {
            items + trimItems(trimmed, index: items.count + 1)
        }
        guard let stroke = shape.stroke else {
            return trim(path + paintFill(shape.paint, slot: shape.slot))
        }
        if case .angular(let gradient) = shape.paint, case .arc(let arc) = shape.shape {
            return angularPieces(arc, stroke: stroke, gradient: gradient)
        }
        if let shadow = shape.innerShadow {
            // Narrower bands on top: Lottie paints the first style of a list last.
            var bands: [LottieValue] = []
            for (index, band) in shadow.bands(strokeWidth: stroke.width, paint: shape.paint).reversed().enumerated() {
                let name = "Band \(index + 1)"
                switch band.paint {
                case .solid(let color):
                    bands.append(solidStroke(color, width: band.width, cap: stroke.cap, name: name, slot: nil))
                case .linear(let gradient):
                    bands.append(gradientStroke(gradient, width: band.width, cap: stroke.cap, name: name))
                case .angular:
                    continue  // ShapeNode admits no shadow on an angular gradient
                }
            }
            let opacity = InnerShadow.groupOpacity(of: shape.paint)
            return [Self.group("Bubble", trim(path + bands),
                               transform: Self.transform(pivot: Point(x: 0, y: 0), rotation: nil, opacity: .constant(opacity),
                                                         timeline: timeline), index: 1)]
        }
        switch shape.paint {
        case .solid(let color):
            return trim(path + [solidStroke(color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: shape.slot)])
        case .linear(let gradient):
            return trim(path + [gradientStroke(gradient, width: stroke.width, cap: stroke.cap, name: "Gradient")])
        case .angular(let gradient):
            // An angular gradient on anything but an arc: the colour the model gives it.
            return trim(path + [solidStroke(gradient.colorOffArcs, width: stroke.width, cap: stroke.cap, name: "Stroke",
                                            slot: shape.slot)])
        }
    }

    /// The path of `shape` (an ellipse or a rounded rectangle) and, for an arc, the arc
    /// its trim cuts the ellipse to (`trimItems`). Both players start an ellipse at 12
    /// o'clock and run clockwise, as the model measures.
    private func geometry(_ shape: Shape) -> (path: [LottieValue], trimmed: Arc?) {
        switch shape {
        case .circle(let center, let radius):
            return ([Self.ellipse(center: center, diameter: 2 * radius)], nil)
        case .capsule(let center, let width, let height):
            return ([Self.rectangle(center: center, width: width, height: height, radius: min(width, height) / 2)], nil)
        case .arc(let arc):
            return ([Self.ellipse(center: arc.center, diameter: 2 * arc.radius)], arc)
        }
    }

    /// The trim (`tm`) cutting an ellipse to `arc`, the `index`-th item of its list; none
    /// without an arc. Its offset turns the trim's start to the arc's origin.
    private func trimItems(_ arc: Arc?, index: Int) -> [LottieValue] {
        guard let arc else { return [] }
        return [Self.item("tm", "Trim Paths 1", [("s", LottieProperty.scalar(arc.from, .trim, timeline: timeline, index: 1)),
                                                 ("e", LottieProperty.scalar(arc.to, .trim, timeline: timeline, index: 2)),
                                                 ("o", LottieProperty.fixed(.number(arc.originDegrees), index: 3)),
                                                 ("m", .int(1)), ("ix", .int(index))])]
    }

    /// An ellipse path (`el`) `diameter` points wide about `center`.
    private static func ellipse(center: Point, diameter: Double) -> LottieValue {
        item("el", "Ellipse Path 1", [("d", .int(1)), ("s", point(diameter, diameter, index: 2)), ("p", point(center.x, center.y, index: 3))])
    }

    /// A rounded-rectangle path (`rc`).
    private static func rectangle(center: Point, width: Double, height: Double, radius: Double) -> LottieValue {
        item("rc", "Rectangle Path 1", [("d", .int(1)), ("s", point(width, height, index: 2)),
                                        ("p", point(center.x, center.y, index: 3)),
                                             ("r", LottieProperty.fixed(.number(radius), index: 4))])
    }

    /// `arc`'s pieces as the model cuts them (`AngularGradient.pieces`), each in its colour:
    /// a piece shorter than the stroke is wide is a dot (a filled capsule, which is what a
    /// round-capped dash that short draws: `arc`'s 0.1 pt dashes); a longer one a trimmed arc.
    private mutating func angularPieces(_ arc: Arc, stroke: StrokeStyle, gradient: AngularGradient) -> [LottieValue] {
        let pieces = gradient.pieces(along: arc, stroke: stroke)
        return pieces.enumerated().reversed().map { index, piece in
            let (from, to) = (piece.fromDegrees, piece.toDegrees)
            let name = "Dot \(index + 1)", slot = "dot\(index + 1)"
            let position = pieces.count - index  // the list runs from the last piece to the first
            if piece.length < stroke.width {
                // A capsule as long as the dash plus its caps, along the path's tangent (at
                // 12 o'clock plus d degrees, d degrees from level).
                let middleDegrees = (from + to) / 2
                let middle = arc.center.onCircle(radius: arc.radius, degrees: middleDegrees)
                let width = stroke.width
                return Self.group(name, [
                    Self.rectangle(center: middle, width: piece.length + width, height: width, radius: width / 2),
                    fill(piece.color, slot: slot),
                ], transform: Self.transform(pivot: middle, rotation: .constant(middleDegrees), opacity: .constant(1), timeline: timeline),
                   index: position)
            }
            let trimmed = Arc(center: arc.center, radius: arc.radius, originDegrees: from, from: .constant(0), to: .constant((to - from) / 360))
            let (path, _) = geometry(.arc(trimmed))
            let items = path + [solidStroke(piece.color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: slot)]
            return Self.group(name, items + trimItems(trimmed, index: items.count + 1), transform: Self.identity, index: position)
        }
    }

    private mutating func paintFill(_ paint: Paint, slot: String?) -> [LottieValue] {
        switch paint {
        case .solid(let color): return [fill(color, slot: slot)]
        case .linear(let gradient):
            return [Self.item("gf", "Gradient", [("o", LottieProperty.fixed(.int(100), index: 10)), ("r", .int(1)), ("bm", .int(0))]
                              + Self.gradient(gradient, indexes: (stops: 9, start: 5, end: 6)))]
        case .angular(let gradient): return [fill(gradient.colorOffArcs, slot: slot)]
        }
    }

    private mutating func fill(_ color: Color, slot: String?) -> LottieValue {
        Self.item("fl", "Fill", [("c", colour(color, slot: slot, index: 4)), ("o", opacity(color, slot: slot, index: 5)),
                                 ("r", .int(1)), ("bm", .int(0))])
    }

    private mutating func solidStroke(_ color: Color, width: Double, cap: StrokeStyle.LineCap, name: String, slot: String?) -> LottieValue {
        Self.item("st", name, [("c", colour(color, slot: slot, index: 3)), ("o", opacity(color, slot: slot, index: 4)),
                               ("w", LottieProperty.fixed(.number(width), index: 5))] + Self.lineStyle(cap) + [("bm", .int(0))])
    }

    private func gradientStroke(_ gradient: LinearGradient, width: Double, cap: StrokeStyle.LineCap, name: String) -> LottieValue {
        Self.item("gs", name, [("o", LottieProperty.fixed(.int(100), index: 9)), ("w", LottieProperty.fixed(.number(width), index: 10))]
                  + Self.gradient(gradient, indexes: (stops: 8, start: 4, end: 5)) + Self.lineStyle(cap) + [("bm", .int(0))])
    }

    /// A colour property: red, green, blue 0...1 and 1 (four components, as the exporter
    /// writes and Qt's player needs; the alpha goes to the paint's opacity, which is where
    /// every player reads it); with a slot id when the colour can be changed at run time.
    private mutating func colour(_ color: Color, slot: String?, index: Int) -> LottieValue {
        let value = Self.rgb(color)
        guard let slot else { return LottieProperty.fixed(value, index: index) }
        if !slots.contains(where: { $0.id == slot }) { slots.append((slot, color)) }
        return .object([("sid", .string(slot)), ("a", .int(0)), ("k", value), ("ix", .int(index))])
    }

    /// A paint's opacity (the colour's alpha, 0...100); with the slot `<slot>Opacity` when
    /// the colour has a slot.
    private func opacity(_ color: Color, slot: String?, index: Int) -> LottieValue {
        let value: LottieValue = .number(color.alpha * 100)
        guard let slot else { return LottieProperty.fixed(value, index: index) }
        return .object([("sid", .string(LottieDocument.opacitySlot(slot))), ("a", .int(0)), ("k", value), ("ix", .int(index))])
    }

    /// `color`'s red, green and blue 0...1 and an alpha of 1: `[r, g, b, 1]`.
    static func rgb(_ color: Color) -> LottieValue {
        .array([.number(color.red), .number(color.green), .number(color.blue), .int(1)])
    }

    /// Line cap and join; the miter limit only with a miter join, as the exporter writes it.
    private static func lineStyle(_ cap: StrokeStyle.LineCap) -> [(String, LottieValue)] {
        [("lc", .int(cap == .round ? 2 : 1)), ("lj", .int(2))]
    }

    /// A linear gradient's stops (colours only: rlottie misdraws transparency stops) and
    /// points, with the property indexes of a gradient fill or stroke.
    private static func gradient(_ gradient: LinearGradient, indexes: (stops: Int, start: Int, end: Int)) -> [(String, LottieValue)] {
        let stops = gradient.stops.flatMap { stop in [stop.offset, stop.color.red, stop.color.green, stop.color.blue].map(LottieValue.number) }
        return [("g", .object([("p", .int(gradient.stops.count)), ("k", LottieProperty.fixed(.array(stops), index: indexes.stops))])),
                ("s", point(gradient.start.x, gradient.start.y, index: indexes.start)),
                ("e", point(gradient.end.x, gradient.end.y, index: indexes.end)), ("t", .int(1))]
    }

    /// The match names the exporter writes (`mn`), by item type.
    private static let matchNames = [
        "gr": "ADBE Vector Group", "el": "ADBE Vector Shape - Ellipse", "rc": "ADBE Vector Shape - Rect",
        "fl": "ADBE Vector Graphic - Fill", "st": "ADBE Vector Graphic - Stroke", "gf": "ADBE Vector Graphic - G-Fill",
        "gs": "ADBE Vector Graphic - G-Stroke", "tm": "ADBE Vector Filter - Trim",
    ]

    /// A shape item: `ty` first (rlottie reads nothing before it), its fields, then its
    /// name, match name and `hd` as the exporter ends every item but a transform.
    static func item(_ type: String, _ name: String, _ fields: [(String, LottieValue)]) -> LottieValue {
        .object([("ty", .string(type))] + fields + [("nm", .string(name)), ("mn", .string(matchNames[type] ?? type)), ("hd", .bool(false))])
    }

    /// A group of `items`, its transform last (a group always has one), the `index`-th
    /// item of its list (1 = first).
    static func group(_ name: String, _ items: [LottieValue], transform: LottieValue, index: Int) -> LottieValue {
        .object([("ty", .string("gr")), ("it", .array(items + [transform])), ("nm", .string(name)), ("np", .int(items.count)),
                 ("cix", .int(2)), ("bm", .int(0)), ("ix", .int(index)), ("mn", .string("ADBE Vector Group")), ("hd", .bool(false))])
    }

    /// A group transform: a rotation about `pivot` (anchor and position both there) and an
    /// opacity; unskewed, unscaled.
    static func transform(pivot: Point, rotation: AnimatedValue?, opacity: AnimatedValue, timeline: LottieTimeline) -> LottieValue {
        transform(pivot: pivot, rotation: LottieProperty.scalar(rotation ?? .constant(0), .degrees, timeline: timeline, index: 6),
                  opacity: LottieProperty.scalar(opacity, .opacity, timeline: timeline, index: 7))
    }

    /// A group transform from written properties.
    static func transform(pivot: Point, rotation: LottieValue, opacity: LottieValue) -> LottieValue {
        .object([("ty", .string("tr")), ("p", point(pivot.x, pivot.y, index: 2)), ("a", point(pivot.x, pivot.y, index: 1)),
                 ("s", LottieProperty.fixed(.array([.int(100), .int(100)]), index: 3)), ("r", rotation), ("o", opacity),
                 ("sk", LottieProperty.fixed(.int(0), index: 4)), ("sa", LottieProperty.fixed(.int(0), index: 5)),
                 ("nm", .string("Transform"))])
    }

    /// The transform that changes nothing.
    static let identity = transform(pivot: Point(x: 0, y: 0), rotation: LottieProperty.fixed(.int(0), index: 6),
                                    opacity: LottieProperty.fixed(.int(100), index: 7))

    static func point(_ x: Double, _ y: Double, index: Int) -> LottieValue {
        LottieProperty.fixed(.array([.number(x), .number(y)]), index: index)
    }
}
