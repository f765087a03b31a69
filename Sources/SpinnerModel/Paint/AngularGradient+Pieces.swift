/// SVG and Lottie have no conic gradient, so a stroke an angular gradient paints is cut
/// into pieces here, once, for both engines: a dashed stroke one piece per dash, in the
/// colour at its middle (a dash of a few points spans about 2 % of the gradient: `arc`'s
/// dots, `pieces(along:stroke:)`); an undashed one the pieces of a whole turn, each a short
/// linear gradient (`turnPieces`).
///
/// One dash of a dashed arc painted by an angular gradient.
public struct ArcPiece: Sendable, Equatable {
    /// Where the piece starts and ends, in degrees clockwise from 12 o'clock.
    public let fromDegrees: Double
    public let toDegrees: Double
    /// Its length along the arc, in points.
    public let length: Double
    /// The gradient's colour at its middle.
    public let color: Color
}

extension AngularGradient {
    /// How far a butt-capped piece reaches into the next, in degrees.
    public static let overlapDegrees = 2.0

    /// The colour a shape other than an arc takes (it cannot be cut into pieces): the
    /// gradient's middle colour, in every engine.
    public var colorOffArcs: Color { stops.color(at: 0.5) }

    /// The colour at `degrees` clockwise from 12 o'clock.
    public func color(atDegrees degrees: Double) -> Color {
        var offset = (degrees - startDegrees).truncatingRemainder(dividingBy: 360) / 360
        if offset < 0 { offset += 1 }
        return stops.color(at: offset)
    }

    /// The dashes of `arc` (at time 0: static arcs) stroked with the dashed `stroke` and
    /// painted by this gradient, in order along the arc; none for an undashed stroke
    /// (`turnPieces` cuts those).
    public func pieces(along arc: Arc, stroke: StrokeStyle) -> [ArcPiece] {
        let (start, end) = arc.degrees(at: .zero)
        let period = stroke.dash.reduce(0, +)
        guard !stroke.dash.isEmpty, period > 0 else { return [] }
        let length = 2 * Double.pi * arc.radius * (end - start) / 360
        var spans: [(Double, Double)] = []  // along the path, in points
        var position = -stroke.dashPhase.truncatingRemainder(dividingBy: period)
        var index = 0
        while position < length {
            let segment = stroke.dash[index % stroke.dash.count]
            if index % 2 == 0 && position + segment >= 0 { spans.append((max(0, position), min(length, position + segment))) }
            position += segment
            index += 1
        }
        return spans.map { span in
            let from = start + (end - start) * span.0 / length, to = start + (end - start) * span.1 / length
            return ArcPiece(fromDegrees: from, toDegrees: to, length: span.1 - span.0, color: color(atDegrees: (from + to) / 2))
        }
    }

    /// An undashed stroke along a whole turn, cut into `turnPieceCount` pieces that meet end
    /// to end (butt caps, each but the last reaching `overlapDegrees` under the next, so no
    /// hairline shows between them), each painted by a linear gradient along its chord from
    /// the colour at its start to the colour at its end, with the stops that fall inside it.
    /// The turn starts at the gradient's own start, so its seam (where the last colour meets
    /// the first) is a piece's end, as sharp as the conic's. A 15° piece's chord is within
    /// 1 % of its arc, so each point takes the colour of its angle to within a degree or two
    /// across the stroke. The track is drawn so; an arc whose ends move (a puck) is the same
    /// turn, masked by the arc's own stroke (its caps included).
    public func turnPieces(center: Point, radius: Double) -> [GradientPiece] {
        let step = 360 / Double(Self.turnPieceCount)
        return (0 ..< Self.turnPieceCount).map { index in
            let from = startDegrees + step * Double(index)
            let to = from + step + (index == Self.turnPieceCount - 1 ? 0 : Self.overlapDegrees)
            let span = to - from
            var inner: [GradientStop] = [GradientStop(0, stops.color(at: Double(index) / Double(Self.turnPieceCount)))]
            for stop in stops where stop.offset > Double(index) / Double(Self.turnPieceCount) {
                let degrees = stop.offset * 360 - step * Double(index)
                if degrees < span { inner.append(GradientStop(degrees / span, stop.color)) }
            }
            let last = min(1, (step * Double(index) + span) / 360)
            inner.append(GradientStop(1, stops.color(at: last)))
            return GradientPiece(fromDegrees: from, toDegrees: to,
                                 gradient: LinearGradient(start: center.onCircle(radius: radius, degrees: from),
                                                          end: center.onCircle(radius: radius, degrees: to), stops: inner))
        }
    }

    /// How much wider, each side, a masked turn's pieces are than the stroke that masks
    /// them, in points: the mask alone then makes the stroke's edges.
    public static let maskedMargin = 1.0

    /// Pieces in a whole turn: 24, 15° each.
    public static let turnPieceCount = 24
}

/// One piece of a whole turn painted by an angular gradient (`AngularGradient.turnPieces`).
public struct GradientPiece: Sendable, Equatable {
    /// Where it starts and ends, in degrees clockwise from 12 o'clock.
    public let fromDegrees: Double
    public let toDegrees: Double
    /// Its paint along its chord.
    public let gradient: LinearGradient
}
