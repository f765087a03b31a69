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

    /// The attributes for `paint`, adding any gradient to `definitions`.
    static func attributes(_ paint: Paint, as property: String, definitions: inout [SVGElement]) -> [(String, String)] {
        switch paint {
        case .solid(let color):
            return solid(color, as: property)
        case .linear(let gradient):
            let id = "g\(definitions.count)"
            let stops = gradient.stops.map { stop in
                SVGElement("stop", [("offset", SVGFormat.number(stop.offset))] + solid(stop.color, as: "stop-color", opacity: "stop-opacity"))
            }
            definitions.append(SVGElement("linearGradient", [
                ("id", id), ("gradientUnits", "userSpaceOnUse"),
                ("x1", SVGFormat.number(gradient.start.x)), ("y1", SVGFormat.number(gradient.start.y)),
                ("x2", SVGFormat.number(gradient.end.x)), ("y2", SVGFormat.number(gradient.end.y)),
            ], children: stops))
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

/// An angular gradient along a stroked arc, which SVG cannot paint directly: each piece
/// the model cuts (`AngularGradient.pieces`) is its own short arc in its colour.
enum SVGArcPieces {
    static func pieces(_ arc: Arc, stroke: StrokeStyle, gradient: AngularGradient) -> [SVGElement] {
        gradient.pieces(along: arc, stroke: stroke).map { piece in
            SVGElement("path", [("d", SVGArcPath.arc(center: arc.center, radius: arc.radius, from: piece.fromDegrees, to: piece.toDegrees))]
                       + SVGPaint.solid(piece.color, as: "stroke"))
        }
    }
}
