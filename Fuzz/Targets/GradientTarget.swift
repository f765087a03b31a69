import SpinnerModel

/// CSS gradients from arbitrary bytes (the grammar `color`, `track` and `background` take):
/// a refusal says why in a sentence; an acceptance has a canonical text that reads back
/// to the same value and is its own canonical text, never longer than the limit; its
/// paint, in both themes and at the sizes kinds use, has finite geometry and stops in
/// order within 0…1; and the same text as a circular puck's `color` is a request whose
/// canonical form is a fixed point (`SpinnerURL.requireCanonical`) or a refusal naming
/// `color`.
enum GradientTarget {
    static let target = FuzzTarget(
        name: "gradient", summary: "CSS gradient grammar: canonical text round-trips, paints are finite and ordered, refusals name color",
        run: run)

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let gradient: GradientValue
        do {
            gradient = try CSSGradient.parse(text)
        } catch {
            require(!error.description.isEmpty, "a gradient refusal without a reason")
            checkRequest(text)
            return
        }
        let canonical = gradient.canonicalText
        require(canonical.utf8.count <= GradientValue.maximumLength, "canonical text longer than the limit: \(canonical)")
        do {
            let again = try CSSGradient.parse(canonical)
            require(again == gradient, "\(canonical) reads back to another gradient (from \(text.prefix(80)))")
            require(again.canonicalText == canonical, "\(canonical) is not a fixed point: \(again.canonicalText)")
        } catch {
            require(false, "the canonical text \(canonical) is refused: \(error)")
        }
        require(gradient.stops.count >= 2 && gradient.stops.count <= GradientValue.maximumStops, "\(gradient.stops.count) stops")
        require(zip(gradient.stops, gradient.stops.dropFirst()).allSatisfy { $0.position <= $1.position }, "stops out of order: \(canonical)")
        for theme in Theme.allCases {
            for side in [28.0, 60, 215] {
                checkPaint(gradient.paint(for: theme, side: side), canonical: canonical)
            }
        }
        checkRequest(text)
    }

    private static func checkPaint(_ paint: Paint, canonical: String) {
        let stops: [GradientStop], points: [Double]
        switch paint {
        case .solid: require(false, "\(canonical) painted as one colour"); return
        case .linear(let g): (stops, points) = (g.stops, [g.start.x, g.start.y, g.end.x, g.end.y])
        case .radial(let g): (stops, points) = (g.stops, [g.center.x, g.center.y, g.radiusX, g.radiusY])
        case .angular(let g): (stops, points) = (g.stops, [g.center.x, g.center.y, g.startDegrees])
        }
        require(points.allSatisfy(\.isFinite), "\(canonical): geometry not finite: \(points)")
        require(stops.first?.offset == 0 && stops.last?.offset == 1, "\(canonical): stops do not span 0…1: \(stops.map(\.offset))")
        require(zip(stops, stops.dropFirst()).allSatisfy { $0.offset <= $1.offset }, "\(canonical): offsets out of order")
        let sample = paint.color(at: Point(x: 10, y: 20))
        require([sample.red, sample.green, sample.blue, sample.alpha].allSatisfy(\.isFinite), "\(canonical): a colour not finite")
    }

    /// The text as circular's `color`: accepted with a canonical fixed point, or refused naming `color`.
    private static func checkRequest(_ text: String) {
        do throws(RequestError) {
            let request = try SpinnerRequest.parse(kind: "circular", format: .svg, query: [("color", text)])
            SpinnerURL.requireCanonical(request, query: [("color", text)])
        } catch {
            SpinnerURL.requireDescribed(error)
            require(error.parameter == "color", "color=\(text.prefix(80)) was refused naming \(error.parameter ?? "nothing")")
        }
    }
}
