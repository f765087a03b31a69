import ExactTime
import SpinnerModel

/// Turns a scene's nodes into Lottie shape groups (`LottieGroup`): each node a group named
/// after it, its shape (an ellipse, a rounded rectangle, an ellipse and a trim for an arc),
/// its paint (a stroke, a fill or a linear-gradient stroke) and a transform with its
/// rotation about its pivot and its opacity. Lottie draws the first item of a list on top,
/// so lists are built in reverse drawing order.
///
/// Two paints have no portable Lottie form and are drawn as the model draws them:
/// an angular gradient along an arc is one shape per piece the model cuts
/// (`AngularGradient.pieces`: a dot, as the `arc` kind's 0.1 pt dashes with round caps
/// are), each in its own colour; an inner shadow is the same nested bands of stroke the
/// other engines draw (`InnerShadow.bands`).
///
/// The builder records every paint as it writes it (`LottiePaint`: its keypath of group and
/// item names, its kind, its slot) and every slot's colour (`LottieSceneBuilder+Paints`),
/// so the document lists them without searching its own output.
struct LottieSceneBuilder {
    /// The loop the keyframes are written over.
    let timeline: LottieTimeline
    /// Slot id → colour, in the order first met.
    var slots: [(id: String, color: Color)] = []
    /// True to give every paint a slot, for a document whose themes set every colour (the
    /// dotLottie file's): a colour without a slot of its own gets `theme<n>`, a gradient
    /// `themeGradient<n>`, an inner shadow's group opacity (its paint's alpha)
    /// `themeOpacity<n>`, numbered in the order written, which is the same in either theme.
    /// Default false: only the paints an app recolours have slots.
    var slotsEveryPaint = false
    /// The gradients' slots (`slotsEveryPaint`): id and stops, in the order written.
    var gradientSlots: [(id: String, stops: [GradientStop])] = []
    /// How many colours `slotsEveryPaint` has given slots to.
    var themeColourCount = 0
    /// The group opacities' slots (`slotsEveryPaint`: an inner shadow's group takes its
    /// paint's alpha): id and value in percent, in the order written.
    var numberSlots: [(id: String, value: Double)] = []
    /// The paints written since the last `takePaints()`, keypaths from the shape list they
    /// were written into.
    private var paints: [LottiePaint] = []
    /// The names of the groups being built, outermost first.
    private var path: [String] = []

    init(timeline: LottieTimeline, slotsEveryPaint: Bool = false) {
        self.timeline = timeline
        self.slotsEveryPaint = slotsEveryPaint
    }

    /// The paints written since the last call, in the order written (top first), and forgets them.
    mutating func takePaints() -> [LottiePaint] {
        defer { paints = [] }
        return paints
    }

    /// Notes the paint `name` of `kind` written in the groups being built, its colour in `slot`.
    mutating func record(_ name: String, _ kind: LottiePaint.Kind, slot: String?) {
        paints.append(LottiePaint(keypath: (path + [name]).joined(separator: "."), kind: kind, slot: slot))
    }

    /// What `build` returns, written inside the groups `names` (outermost first).
    private mutating func inside<Result>(_ names: [String], _ build: (inout LottieSceneBuilder) -> Result) -> Result {
        path += names
        defer { path.removeLast(names.count) }
        return build(&self)
    }

    /// A group named `name` of the items `build` writes, drawn with `transform`.
    mutating func group(_ name: String, transform: LottieShapeTransform,
                        _ build: (inout LottieSceneBuilder) -> [LottieShapeItem]) -> LottieShapeItem {
        .group(LottieGroup(name: name, items: inside([name], build), transform: transform))
    }

    /// The groups drawing `nodes`, the last node on top (first in the list).
    mutating func groups(for nodes: [SceneNode]) -> [LottieShapeItem] {
        nodes.enumerated().reversed().map { offset, node in group(for: node, fallbackName: "Part \(offset + 1)") }
    }

    /// The items filling the box of `size` points with `paint` (a colour in slot `background`).
    mutating func background(_ paint: Paint, size: Double) -> [LottieShapeItem] {
        let middle = size / 2
        return [.rectangle(LottieRectangle(x: middle, y: middle, width: size, height: size, radius: 0))]
            + paintFill(paint, slot: "background")
    }

    /// The group named `Background` filling the box (a group like every other, so that
    /// its list ends with its transform).
    mutating func backgroundGroup(_ paint: Paint, size: Double) -> LottieShapeItem {
        group("Background", transform: .identity) { $0.background(paint, size: size) }
    }

    /// The group drawing `node`, named after it (else `fallbackName`). Transforms are listed
    /// outermost first: the outermost group carries the node's first rotation, its opacity
    /// and name; each further rotation is a group inside it ("Turn 2", …).
    mutating func group(for node: SceneNode, fallbackName: String) -> LottieShapeItem {
        let name = node.name ?? fallbackName
        let rotations = node.transforms.map { transform -> (degrees: AnimatedValue, pivot: Point) in
            switch transform { case .rotate(let degrees, let pivot): (degrees, pivot) }
        }
        let turns = rotations.indices.dropFirst().map { "Turn \($0 + 1)" }
        var items = inside([name] + turns) { builder in
            switch node.content {
            case .shape(let shape):
                builder.shapeItems(shape)
            case .group(let children):
                builder.groups(for: children)
            case .ring(let ring):
                // A ring inside a group (no kind has one): its copies, each a group.
                builder.groups(for: ring.copies)
            }
        }
        for (position, rotation) in rotations.enumerated().reversed() where position > 0 {
            items = [.group(LottieGroup(name: turns[position - 1], items: items,
                                        transform: transform(pivot: rotation.pivot, rotation: rotation.degrees, opacity: .constant(1))))]
        }
        let outer = rotations.first
        return .group(LottieGroup(name: name, items: items,
                                  transform: transform(pivot: outer?.pivot ?? Point(x: 0, y: 0), rotation: outer?.degrees,
                                                       opacity: node.opacity)))
    }

    /// The items that draw one shape and, beneath them (last: Lottie draws the first item
    /// of a list on top), its drop shadow.
    mutating func shapeItems(_ shape: ShapeNode) -> [LottieShapeItem] {
        let items = paintedItems(shape)
        guard let shadow = shape.dropShadow, let stroke = shape.stroke else { return items }
        return items + [dropShadow(shadow, of: shape.shape, stroke: stroke)]
    }

    /// A drop shadow as the model's bands (`DropShadow.bands`: Lottie players blur alike
    /// nowhere): the outline moved by the offset once, each band a stroke of it, the
    /// outline's trim once, in a group named "Shadow".
    private mutating func dropShadow(_ shadow: DropShadow, of shape: Shape, stroke: StrokeStyle) -> LottieShapeItem {
        group("Shadow", transform: .identity) { builder in
            let (outline, trimmed) = builder.geometry(shape.moved(dx: shadow.x, dy: shadow.y))
            let radius: Double? = switch shape {
            case .circle(_, let radius): radius
            case .arc(let arc): arc.radius
            case .capsule: nil
            }
            let bands = shadow.bands(strokeWidth: stroke.width, radius: radius).enumerated().reversed().map { index, band in
                builder.solidStroke(band.color, width: band.width, cap: stroke.cap, name: "Band \(index + 1)", slot: nil)
            }
            return outline + bands + builder.trimItems(trimmed)
        }
    }

    /// The items that paint one shape: its path, its paints, then the path's trim (the
    /// order both players draw alike); or pieces of it.
    private mutating func paintedItems(_ shape: ShapeNode) -> [LottieShapeItem] {
        let (outline, trimmed) = geometry(shape.shape)
        let cut = trimItems(trimmed)
        guard let stroke = shape.stroke else {
            return outline + paintFill(shape.paint, slot: shape.slot) + cut
        }
        if case .angular(let gradient) = shape.paint, case .arc(let arc) = shape.shape {
            // Dashes one piece each; else the whole turn (an arc that is less is drawn
            // through a matte of its own stroke: `LottieComposition`).
            return stroke.dash.isEmpty ? turnPieces(arc, width: stroke.width, gradient: gradient)
                                       : angularPieces(arc, stroke: stroke, gradient: gradient)
        }
        if let shadow = shape.innerShadow {
            let opacity = InnerShadow.groupOpacity(of: shape.paint)
            var bubble = transform(pivot: Point(x: 0, y: 0), rotation: nil, opacity: .constant(opacity))
            // The paint's alpha, which a theme may change (quaternaryLabel: 18 % light, 16 % dark).
            if slotsEveryPaint, case .fixed(let percent) = bubble.opacity.content {
                let id = "themeOpacity\(numberSlots.count + 1)"
                numberSlots.append((id: id, value: percent))
                bubble.opacity.slot = id
            }
            return [group("Bubble", transform: bubble) { builder in
                // Narrower bands on top: Lottie paints the first style of a list last.
                var bands: [LottieShapeItem] = []
                for (index, band) in shadow.bands(strokeWidth: stroke.width, paint: shape.paint).reversed().enumerated() {
                    let name = "Band \(index + 1)"
                    if case .solid(let color) = band.paint {
                        bands.append(builder.solidStroke(color, width: band.width, cap: stroke.cap, name: name, slot: nil))
                    } else if let gradient = builder.gradientStroke(band.paint, width: band.width, cap: stroke.cap, name: name) {
                        bands.append(gradient)
                    }  // no angular: the kinds give no shadow to a conic gradient
                }
                return outline + bands + cut
            }]
        }
        switch shape.paint {
        case .solid(let color):
            return outline + [solidStroke(color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: shape.slot)] + cut
        case .linear, .radial:
            return outline + [gradientStroke(shape.paint, width: stroke.width, cap: stroke.cap, name: "Gradient")].compactMap { $0 } + cut
        case .angular(let gradient):
            // An angular gradient on anything but an arc: the colour the model gives it.
            return outline + [solidStroke(gradient.colorOffArcs, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: shape.slot)]
                + cut
        }
    }

    /// The path of `shape` (an ellipse or a rounded rectangle) and, for an arc, the arc
    /// its trim cuts the ellipse to (`trimItems`). Both players start an ellipse at 12
    /// o'clock and run clockwise, as the model measures.
    private func geometry(_ shape: Shape) -> (path: [LottieShapeItem], trimmed: Arc?) {
        switch shape {
        case .circle(let center, let radius):
            return ([.ellipse(LottieEllipse(x: center.x, y: center.y, width: 2 * radius, height: 2 * radius))], nil)
        case .capsule(let center, let width, let height):
            return ([.rectangle(LottieRectangle(x: center.x, y: center.y, width: width, height: height, radius: min(width, height) / 2))], nil)
        case .arc(let arc):
            return ([.ellipse(LottieEllipse(x: arc.center.x, y: arc.center.y, width: 2 * arc.radius, height: 2 * arc.radius))], arc)
        }
    }

    /// The trim cutting an ellipse to `arc`; none without an arc. Its offset turns the
    /// trim's start to the arc's origin.
    private func trimItems(_ arc: Arc?) -> [LottieShapeItem] {
        guard let arc else { return [] }
        return [.trim(LottieTrim(start: timeline.content(arc.from, .trim), end: timeline.content(arc.to, .trim),
                                 offsetDegrees: arc.originDegrees))]
    }

    /// `arc`'s pieces as the model cuts them (`AngularGradient.pieces`), each in its colour:
    /// a piece shorter than the stroke is wide is a dot (a filled capsule, which is what a
    /// round-capped dash that short draws: `arc`'s 0.1 pt dashes); a longer one a trimmed arc.
    private mutating func angularPieces(_ arc: Arc, stroke: StrokeStyle, gradient: AngularGradient) -> [LottieShapeItem] {
        let pieces = gradient.pieces(along: arc, stroke: stroke)
        return pieces.enumerated().reversed().map { index, piece in
            let (from, to) = (piece.fromDegrees, piece.toDegrees)
            let name = "Dot \(index + 1)", slot = "dot\(index + 1)"
            if piece.length < stroke.width {
                // A capsule as long as the dash plus its caps, along the path's tangent (at
                // 12 o'clock plus d degrees, d degrees from level).
                let middleDegrees = (from + to) / 2
                let middle = arc.center.onCircle(radius: arc.radius, degrees: middleDegrees)
                let width = stroke.width
                let dot = LottieRectangle(x: middle.x, y: middle.y, width: piece.length + width, height: width, radius: width / 2)
                return group(name, transform: transform(pivot: middle, rotation: .constant(middleDegrees), opacity: .constant(1))) { builder in
                    [.rectangle(dot), builder.fill(piece.color, slot: slot)]
                }
            }
            let trimmed = Arc(center: arc.center, radius: arc.radius, originDegrees: from, from: .constant(0), to: .constant((to - from) / 360))
            let (outline, _) = geometry(.arc(trimmed))
            let cut = trimItems(trimmed)
            return group(name, transform: .identity) { builder in
                outline + [builder.solidStroke(piece.color, width: stroke.width, cap: stroke.cap, name: "Stroke", slot: slot)] + cut
            }
        }
    }

    /// The whole turn of `arc`'s circle as the model cuts it (`AngularGradient.turnPieces`):
    /// butt-capped arcs, each stroked with its own linear gradient.
    private mutating func turnPieces(_ arc: Arc, width: Double, gradient: AngularGradient) -> [LottieShapeItem] {
        let pieces = gradient.turnPieces(center: arc.center, radius: arc.radius)
        return pieces.enumerated().reversed().map { index, piece in
            let trimmed = Arc(center: arc.center, radius: arc.radius, originDegrees: piece.fromDegrees, from: .constant(0),
                              to: .constant((piece.toDegrees - piece.fromDegrees) / 360))
            let (outline, _) = geometry(.arc(trimmed))
            return group("Piece \(index + 1)", transform: .identity) { builder in
                outline + [builder.gradientStroke(.linear(piece.gradient), width: width, cap: .butt, name: "Gradient")].compactMap { $0 }
                    + builder.trimItems(trimmed)
            }
        }
    }

    /// A group transform: a rotation about `pivot` (anchor and position both there; none
    /// when nil) and an opacity 0...1, on this timeline.
    func transform(pivot: Point, rotation: AnimatedValue?, opacity: AnimatedValue) -> LottieShapeTransform {
        LottieShapeTransform(pivotX: pivot.x, pivotY: pivot.y, rotation: timeline.content(rotation ?? .constant(0), .degrees),
                             opacity: timeline.content(opacity, .opacity))
    }
}
