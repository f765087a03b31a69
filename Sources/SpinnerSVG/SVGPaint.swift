import SpinnerModel

/// Paint as SVG attributes: solid colours as `#rgb` plus an opacity attribute when
/// translucent, linear gradients as `<linearGradient>` in user space (so they turn with
/// the shape, as SwiftUI's do).
enum SVGPaint {
    /// `fill`/`stroke` (`property`) and its opacity (`property-opacity` unless named) for a solid colour.
    static func solid(_ color: Color, as property: String, opacity: String? = nil) -> [(String, String)] {
        var attributes = [(property, SVGFormat.color(color))]
        if color.alpha < 1 { attributes.append((opacity ?? property + "-opacity", SVGFormat.number(color.alpha))) }
        return attributes
    }

    /// A gradient's `<stop>`s.
    private static func stops(_ stops: [GradientStop]) -> [SVGElement] {
        stops.map { stop in
            SVGElement("stop", [("offset", SVGFormat.number(stop.offset))] + solid(stop.color, as: "stop-color", opacity: "stop-opacity"))
        }
    }

    /// The attributes for `paint`, adding any gradient to `definitions`.
    static func attributes(_ paint: Paint, as property: String, definitions: inout [SVGElement]) -> [(String, String)] {
        switch paint {
        case .solid(let color):
            return solid(color, as: property)
        case .linear(let gradient):
            let id = "g\(definitions.count)"
            definitions.append(SVGElement("linearGradient", [
                ("id", id), ("gradientUnits", "userSpaceOnUse"),
                ("x1", SVGFormat.number(gradient.start.x)), ("y1", SVGFormat.number(gradient.start.y)),
                ("x2", SVGFormat.number(gradient.end.x)), ("y2", SVGFormat.number(gradient.end.y)),
            ], children: stops(gradient.stops)))
            return [(property, "url(#\(id))")]
        case .radial(let gradient):
            // A circle in user space; an ellipse is the unit circle scaled onto it.
            let id = "g\(definitions.count)"
            let geometry: [(String, String)] = gradient.radiusX == gradient.radiusY
                ? [("cx", SVGFormat.number(gradient.center.x)), ("cy", SVGFormat.number(gradient.center.y)),
                   ("r", SVGFormat.number(gradient.radiusX))]
                : [("cx", "0"), ("cy", "0"), ("r", "1"),
                   ("gradientTransform", "translate(\(SVGFormat.number(gradient.center.x)) \(SVGFormat.number(gradient.center.y))) "
                    + "scale(\(SVGFormat.number(gradient.radiusX)) \(SVGFormat.number(gradient.radiusY)))")]
            definitions.append(SVGElement("radialGradient", [("id", id), ("gradientUnits", "userSpaceOnUse")] + geometry,
                                          children: stops(gradient.stops)))
            return [(property, "url(#\(id))")]
        case .angular(let gradient):
            // SVG has no conic gradient; shapes other than arcs (handled piece by piece)
            // take the colour the model gives them.
            return solid(gradient.colorOffArcs, as: property)
        }
    }
}

/// Path data for circles and arcs, angles in degrees clockwise from 12 o'clock.
enum SVGArcPath {
    /// An arc from `from` to `to` degrees (clockwise), or a full circle when they span 360°.
    static func arc(center: Point, radius: Double, from: Double, to: Double) -> String {
        guard to - from < 360 else { return circle(center: center, radius: radius, startingAt: from) }
        let start = center.onCircle(radius: radius, degrees: from), end = center.onCircle(radius: radius, degrees: to)
        let large = to - from > 180 ? 1 : 0
        return "M\(point(start))A\(SVGFormat.number(radius)) \(SVGFormat.number(radius)) 0 \(large) 1 \(point(end))"
    }

    /// A full circle as two half arcs, starting (and ending) at `start` degrees, clockwise.
    static func circle(center: Point, radius: Double, startingAt start: Double) -> String {
        let first = center.onCircle(radius: radius, degrees: start), half = center.onCircle(radius: radius, degrees: start + 180)
        let r = SVGFormat.number(radius)
        return "M\(point(first))A\(r) \(r) 0 1 1 \(point(half))A\(r) \(r) 0 1 1 \(point(first))"
    }

    private static func point(_ point: Point) -> String {
        SVGFormat.number(point.x) + " " + SVGFormat.number(point.y)
    }
}

/// An angular gradient along a stroked arc, which SVG cannot paint directly: the pieces
/// the model cuts (`AngularGradient`): each dash of a dashed arc its own short arc in its
/// colour; an undashed arc's whole turn in butt-capped pieces, each its own linear gradient.
enum SVGArcPieces {
    static func pieces(_ arc: Arc, stroke: StrokeStyle, gradient: AngularGradient) -> [SVGElement] {
        gradient.pieces(along: arc, stroke: stroke).map { piece in
            SVGElement("path", [("d", SVGArcPath.arc(center: arc.center, radius: arc.radius, from: piece.fromDegrees, to: piece.toDegrees))]
                       + SVGPaint.solid(piece.color, as: "stroke"))
        }
    }

    static func turn(_ arc: Arc, gradient: AngularGradient, definitions: inout [SVGElement]) -> [SVGElement] {
        gradient.turnPieces(center: arc.center, radius: arc.radius).map { piece in
            SVGElement("path", [("d", SVGArcPath.arc(center: arc.center, radius: arc.radius, from: piece.fromDegrees, to: piece.toDegrees))]
                       + SVGPaint.attributes(.linear(piece.gradient), as: "stroke", definitions: &definitions))
        }
    }
}
