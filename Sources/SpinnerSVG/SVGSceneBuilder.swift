import ExactTime
import SpinnerModel

/// Turns a scene's nodes into SVG elements: shapes with their paint, static transforms as
/// attributes, and every moving value as a CSS animation registered in `animations`.
///
/// Animated rotations get a `<g>` of their own (a CSS `transform` replaces the element's
/// transform attribute, so the two cannot share an element); trims of a circle are a
/// dash of a full-circle path with `pathLength="100"`, animated through
/// `stroke-dasharray` and `stroke-dashoffset`; opacities animate `opacity`.
struct SVGSceneBuilder {
    let animations: SVGAnimations
    /// Gradients and other referenced elements, for `<defs>`.
    var definitions: [SVGElement] = []
    /// Classes whose animation drives `transform`: such elements take no transform attribute.
    private var rotatingClasses: Set<String> = []

    init(animations: SVGAnimations) {
        self.animations = animations
    }

    /// The elements of `scene`, background first.
    mutating func elements(for scene: Scene) -> [SVGElement] {
        var result: [SVGElement] = []
        if scene.hasBackground {
            result.append(SVGElement("rect", [("width", "100%"), ("height", "100%")]
                                     + SVGPaint.attributes(scene.background, as: "fill", definitions: &definitions)))
        }
        for node in scene.nodes { result += elements(for: node) }
        // direction=reverse: everything in one group mirrored across the box's middle.
        guard scene.mirrored else { return result }
        return [SVGElement("g", [("transform", "matrix(-1 0 0 1 " + SVGFormat.number(scene.size) + " 0)")], children: result)]
    }

    private mutating func elements(for node: SceneNode) -> [SVGElement] {
        var content: [SVGElement]
        switch node.content {
        case .group(let children): content = children.flatMap { elements(for: $0) }
        case .ring(let ring): content = ring.copies.flatMap { elements(for: $0) }
        case .shape(let shape): content = shapeElements(shape)
        }
        switch node.opacity {
        case .constant(let opacity) where opacity < 1:
            content = wrap(content, [("opacity", SVGFormat.number(opacity))])
        case .constant:
            break
        case .track(let track, let offset):
            let keyframes = CSSKeyframes.keyframes([track])
            let body = CSSKeyframes.body(keyframes.stops) { "opacity:" + SVGFormat.number($0[0]) }
            content = animate(content, animations.animation(body: body, timing: keyframes.timing,
                                                            period: track.periodMilliseconds, offset: offset))
        }
        // Transforms are listed outermost first: build from the innermost outwards.
        var pending: [String] = []
        for transform in node.transforms.reversed() {
            switch transform {
            case .rotate(.constant(let degrees), let pivot):
                guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { continue }
                pending.insert("rotate(\(SVGFormat.number(degrees)) \(SVGFormat.number(pivot.x)) \(SVGFormat.number(pivot.y)))", at: 0)
            case .rotate(.track(let track, let offset), let pivot):
                if !pending.isEmpty { content = wrap(content, [("transform", pending.joined(separator: " "))]) }
                pending = []
                let keyframes = CSSKeyframes.keyframes([track])
                let body = CSSKeyframes.body(keyframes.stops) { "transform:rotate(" + SVGFormat.number($0[0]) + "deg)" }
                let origin = ";transform-origin:\(SVGFormat.number(pivot.x))px \(SVGFormat.number(pivot.y))px"
                let animation = animations.animation(body: body, timing: keyframes.timing, period: track.periodMilliseconds,
                                                     offset: offset, extra: origin)
                rotatingClasses.insert(animation.className)
                content = [SVGElement("g", animated(animation), children: content)]
            }
        }
        if !pending.isEmpty { content = wrap(content, [("transform", pending.joined(separator: " "))]) }
        return content
    }

    /// The elements that draw one shape, beneath them its drop shadow if it has one.
    private mutating func shapeElements(_ shape: ShapeNode) -> [SVGElement] {
        let elements = paintedElements(shape)
        guard let shadow = shape.dropShadow, let stroke = shape.stroke else { return elements }
        return [dropShadow(shadow, of: shape.shape, stroke: stroke)] + elements
    }

    /// A drop shadow: a copy of the stroke (its animation too) in the shadow's colour,
    /// blurred by `feGaussianBlur` in a region its blur fits, moved by the offset.
    private mutating func dropShadow(_ shadow: DropShadow, of shape: Shape, stroke: StrokeStyle) -> SVGElement {
        let id = "s\(definitions.count)"
        let extent: Double
        switch shape {
        case .circle(_, let radius): extent = radius
        case .arc(let arc): extent = arc.radius
        case .capsule(_, let width, let height): extent = max(width, height) / 2
        }
        let reach = extent + stroke.width / 2 + shadow.reach, center = shape.center
        definitions.append(SVGElement("filter", [
            ("id", id), ("filterUnits", "userSpaceOnUse"), ("color-interpolation-filters", "sRGB"),
            ("x", SVGFormat.number(center.x - reach)), ("y", SVGFormat.number(center.y - reach)),
            ("width", SVGFormat.number(2 * reach)), ("height", SVGFormat.number(2 * reach)),
        ], children: [SVGElement("feGaussianBlur", [("stdDeviation", SVGFormat.number(shadow.sigma))])]))
        var copy = geometry(shape) + [("fill", "none")] + SVGPaint.solid(shadow.color, as: "stroke")
            + [("stroke-width", SVGFormat.number(stroke.width)), ("filter", "url(#\(id))")]
        if stroke.cap == .round { copy["stroke-linecap"] = "round" }
        guard shadow.x != 0 || shadow.y != 0 else { return copy }
        return SVGElement("g", [("transform", "translate(\(SVGFormat.number(shadow.x)) \(SVGFormat.number(shadow.y)))")], children: [copy])
    }

    /// The elements that paint one shape: one element, or nested bands for an inner
    /// shadow, or one piece per dash for an angular gradient along an arc.
    private mutating func paintedElements(_ shape: ShapeNode) -> [SVGElement] {
        guard let stroke = shape.stroke else {
            return [geometry(shape.shape) + SVGPaint.attributes(shape.paint, as: "fill", definitions: &definitions)]
        }
        var common: [(String, String)] = [("fill", "none")]
        if stroke.cap == .round { common.append(("stroke-linecap", "round")) }
        if case .angular(let gradient) = shape.paint, case .arc(let arc) = shape.shape {
            let width = [("stroke-width", SVGFormat.number(stroke.width))]
            guard stroke.dash.isEmpty else {
                return [SVGElement("g", common + width, children: SVGArcPieces.pieces(arc, stroke: stroke, gradient: gradient))]
            }
            // The whole turn in pieces; unless the arc is that turn, masked by its own stroke.
            let pieces = SVGArcPieces.turn(arc, gradient: gradient, definitions: &definitions)
            guard Self.animatedEnds(arc) != nil || arc.degrees(at: .zero).end - arc.degrees(at: .zero).start < 360 else {
                return [SVGElement("g", [("fill", "none")] + width, children: pieces)]
            }
            let mask = geometry(shape.shape) + common + width + [("stroke", "#fff")]
            let id = "m\(definitions.count)", reach = arc.radius + stroke.width
            definitions.append(SVGElement("mask", [
                ("id", id), ("maskUnits", "userSpaceOnUse"),
                ("x", SVGFormat.number(arc.center.x - reach)), ("y", SVGFormat.number(arc.center.y - reach)),
                ("width", SVGFormat.number(2 * reach)), ("height", SVGFormat.number(2 * reach)),
            ], children: [mask]))
            // Wider than the stroke: the mask alone makes the edges (not antialiased twice).
            let wider = [("stroke-width", SVGFormat.number(stroke.width + 2 * AngularGradient.maskedMargin))]
            return [SVGElement("g", [("mask", "url(#\(id))"), ("fill", "none")] + wider, children: pieces)]
        }
        if let shadow = shape.innerShadow {
            var bands: [SVGElement] = []
            for band in shadow.bands(strokeWidth: stroke.width, paint: shape.paint) {
                bands.append(geometry(shape.shape) + SVGPaint.attributes(band.paint, as: "stroke", definitions: &definitions)
                             + [("stroke-width", SVGFormat.number(band.width))])
            }
            let alpha = InnerShadow.groupOpacity(of: shape.paint)
            let opacity: [(String, String)] = alpha < 1 ? [("opacity", SVGFormat.number(alpha))] : []
            return [SVGElement("g", common + opacity, children: bands)]
        }
        var element = geometry(shape.shape) + SVGPaint.attributes(shape.paint, as: "stroke", definitions: &definitions)
        element.attributes += common + [("stroke-width", SVGFormat.number(stroke.width))]
        if !stroke.dash.isEmpty {
            element["stroke-dasharray"] = stroke.dash.map { SVGFormat.number($0) }.joined(separator: " ")
            if stroke.dashPhase != 0 { element["stroke-dashoffset"] = SVGFormat.number(stroke.dashPhase) }
        }
        return [element]
    }

    /// The geometry element of a shape; a moving arc becomes an animated dash.
    private mutating func geometry(_ shape: Shape) -> SVGElement {
        switch shape {
        case .circle(let center, let radius):
            return SVGElement("circle", [("cx", SVGFormat.number(center.x)), ("cy", SVGFormat.number(center.y)),
                                         ("r", SVGFormat.number(radius))])
        case .capsule(let center, let width, let height):
            return SVGElement("rect", [("x", SVGFormat.number(center.x - width / 2)), ("y", SVGFormat.number(center.y - height / 2)),
                                       ("width", SVGFormat.number(width)), ("height", SVGFormat.number(height)),
                                       ("rx", SVGFormat.number(min(width, height) / 2))])
        case .arc(let arc):
            guard let (fromTrack, offset, toTrack, toOffset) = Self.animatedEnds(arc) else {
                let (start, end) = arc.degrees(at: .zero)
                return SVGElement("path", [("d", SVGArcPath.arc(center: arc.center, radius: arc.radius, from: start, to: end))])
            }
            precondition(fromTrack.periodMilliseconds == toTrack.periodMilliseconds && offset == toOffset
                         && fromTrack.keyframes.map(\.at) == toTrack.keyframes.map(\.at)
                         && fromTrack.keyframes.map(\.easing) == toTrack.keyframes.map(\.easing),
                         "an animated arc's ends must share their keyframe times and easings")
            // The path starts at the smallest trim, so the dash never crosses the path's ends.
            let base = fromTrack.keyframes.map(\.value).min() ?? 0
            let start = arc.originDegrees + 360 * base
            let keyframes = CSSKeyframes.keyframes([fromTrack, toTrack])
            let body = CSSKeyframes.body(keyframes.stops) { values in
                let dash = (values[1] - values[0]) * 100
                return "stroke-dasharray:\(SVGFormat.number(dash)) \(SVGFormat.number(100 - dash));stroke-dashoffset:"
                    + SVGFormat.number(-(values[0] - base) * 100)
            }
            let animation = animations.animation(body: body, timing: keyframes.timing,
                                                 period: fromTrack.periodMilliseconds, offset: offset)
            return SVGElement("path", [("d", SVGArcPath.circle(center: arc.center, radius: arc.radius, startingAt: start)),
                                       ("pathLength", "100")] + animated(animation))
        }
    }

    /// Both ends of an arc as keyframe tracks when at least one moves (a fixed end, such
    /// as a trim from 0, holds its value at the moving end's keyframes); nil when neither does.
    private static func animatedEnds(_ arc: Arc) -> (KeyframeTrack, Rational, KeyframeTrack, Rational)? {
        let moving: (track: KeyframeTrack, offset: Rational)
        switch (arc.from, arc.to) {
        case (.track(let track, let offset), _), (_, .track(let track, let offset)): moving = (track, offset)
        default: return nil
        }
        func track(_ value: AnimatedValue) -> (KeyframeTrack, Rational) {
            switch value {
            case .track(let track, let offset):
                return (track, offset)
            case .constant(let fixed):
                let held = moving.track.keyframes.map { KeyframeTrack.Keyframe(at: $0.at, value: fixed, easing: $0.easing) }
                return (KeyframeTrack(periodMilliseconds: moving.track.periodMilliseconds, keyframes: held), moving.offset)
            }
        }
        let (from, to) = (track(arc.from), track(arc.to))
        return (from.0, from.1, to.0, to.1)
    }

    /// Attributes that attach an animation.
    private func animated(_ animation: (className: String, style: String?)) -> [(String, String)] {
        [("class", animation.className)] + (animation.style.map { [("style", $0)] } ?? [])
    }

    /// `content` running `animation`: on the element itself when it is alone and not yet
    /// animated, else on a new group around it.
    private func animate(_ content: [SVGElement], _ animation: (className: String, style: String?)) -> [SVGElement] {
        if content.count == 1, content[0]["class"] == nil {
            var element = content[0]
            element.attributes += animated(animation)
            return [element]
        }
        return [SVGElement("g", animated(animation), children: content)]
    }

    /// `content` with `attributes`: set on the element itself when it is alone and has none
    /// of them (and no animated transform), else on a new group.
    private func wrap(_ content: [SVGElement], _ attributes: [(String, String)]) -> [SVGElement] {
        if content.count == 1, attributes.allSatisfy({ content[0][$0.0] == nil }),
           !(content[0]["class"].map { rotatingClasses.contains($0) } ?? false) {
            var element = content[0]
            element.attributes += attributes
            return [element]
        }
        return [SVGElement("g", attributes, children: content)]
    }
}

extension SVGElement {
    /// The element with `attributes` appended.
    static func + (element: SVGElement, attributes: [(String, String)]) -> SVGElement {
        var result = element
        result.attributes += attributes
        return result
    }
}
