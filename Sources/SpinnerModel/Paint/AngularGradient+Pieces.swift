/// A piece of a stroked arc painted by an angular gradient: SVG and Lottie have no conic
/// gradient, so each dash of the stroke (an undashed stroke cut into 2° pieces) is drawn on
/// its own in the gradient's colour at its middle angle. A dash of a few points spans about
/// 2 % of the gradient, so one colour per dash is what the eye sees. Cut here once; the
/// SVG engine writes each piece as a short arc, the Lottie engine as a trimmed arc or, when
/// it is shorter than the stroke is wide, as the round-capped dot it draws.
public struct ArcPiece: Sendable, Equatable {
    /// Where the piece starts and ends, in degrees clockwise from 12 o'clock.
    public let fromDegrees: Double
    public let toDegrees: Double
    /// Its length along the arc, in points.
    public let length: Double
    /// The gradient's colour at its middle angle.
    public let color: Color
}

extension AngularGradient {
    /// The colour a shape other than an arc takes (it cannot be cut into pieces): the
    /// gradient's middle colour, in every engine.
    public var colorOffArcs: Color { stops.color(at: 0.5) }

    /// The pieces of `arc` stroked with `stroke` and painted by this gradient, in order along
    /// the arc (at time 0: the arcs the gradient paints do not move).
    public func pieces(along arc: Arc, stroke: StrokeStyle) -> [ArcPiece] {
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
        return spans.map { span in
            let from = start + (end - start) * span.0 / length, to = start + (end - start) * span.1 / length
            var offset = ((from + to) / 2 - startDegrees).truncatingRemainder(dividingBy: 360) / 360
            if offset < 0 { offset += 1 }
            return ArcPiece(fromDegrees: from, toDegrees: to, length: span.1 - span.0, color: stops.color(at: offset))
        }
    }
}
