#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CSS gradient as a user gives it (`linear-gradient(…)`, `radial-gradient(…)`,
/// `conic-gradient(…)`), parsed once at the edge by `CSSGradient.parse` and held in
/// hundredths so that every spelling of one gradient is one value, one canonical text,
/// one cache key and one ETag. Geometry is relative to the layer's square box (every
/// kind's box is square), so a gradient means the same at any `size`; colours stay
/// `ColorValue`s until a theme resolves them.
public struct GradientValue: Hashable, Sendable {
    /// The shape of the gradient, in hundredths of a degree (clockwise from 12 o'clock,
    /// 0 ..< 36 000) and hundredths of a percent of the box's side.
    public enum Geometry: Hashable, Sendable {
        /// Along a line through the box's centre pointing at `direction` (CSS's default
        /// 18 000: `to bottom`); 0 % and 100 % fall on the box's corners.
        case linear(direction: Int)
        /// Out from `center` to the ellipse of radii `radiusX` × `radiusY` (100 %).
        case radial(radiusX: Int, radiusY: Int, center: GradientPoint)
        /// Around `center`, 0 % at `from` and 100 % a full turn later, clockwise.
        case conic(from: Int, center: GradientPoint)
    }

    /// A colour at a position along the gradient, in hundredths of a percent (after CSS's
    /// colour-stop fix-up: every stop placed, none before the one ahead of it).
    public struct Stop: Hashable, Sendable {
        public let color: ColorValue
        public let position: Int
    }

    /// Which function the gradient came from, and its geometry.
    public let geometry: Geometry
    /// Two or more stops, positions not decreasing.
    public let stops: [Stop]

    /// The most stops a gradient may have, after `red 10% 20%` counts as two.
    public static let maximumStops = 8
    /// The longest gradient text accepted, in bytes.
    public static let maximumLength = 256

    init(geometry: Geometry, stops: [Stop]) {
        precondition(stops.count >= 2, "a gradient has two stops or more")
        self.geometry = geometry
        self.stops = stops
    }
}

/// A point of the box in hundredths of a percent of its side, from the top left.
public struct GradientPoint: Hashable, Sendable {
    public let x: Int
    public let y: Int

    /// The box's centre, CSS's default position.
    public static let center = GradientPoint(x: 5_000, y: 5_000)
}

extension GradientValue {
    /// The gradient as the model paints it in a box `side` points square whose top left is
    /// the origin, its colours resolved for `theme`. Stops outside 0…100 % are cut at
    /// the box (the colour there interpolated), except that a radial gradient's stops past
    /// 100 % stretch its radius; a stop of no opacity takes its neighbour's colour, so the
    /// fade to `transparent` is a fade of that colour, as CSS (premultiplied) draws it.
    public func paint(for theme: Theme, side: Double) -> Paint {
        var placed = stops.map { GradientStop(Double($0.position) / 10_000, $0.color.resolved(for: theme)) }
        placed = Self.fadingInColour(placed)
        switch geometry {
        case .linear(let direction):
            let radians = Double(direction) / 100 * .pi / 180
            let length = abs(side * sin(radians)) + abs(side * cos(radians))
            let along = Point(x: sin(radians) * length / 2, y: -cos(radians) * length / 2)
            let middle = Point(x: side / 2, y: side / 2)
            return .linear(LinearGradient(start: Point(x: middle.x - along.x, y: middle.y - along.y),
                                          end: Point(x: middle.x + along.x, y: middle.y + along.y),
                                          stops: Self.cut(placed, upTo: 1)))
        case .radial(let radiusX, let radiusY, let center):
            let reach = max(1, placed.last?.offset ?? 1)
            let stretched = placed.map { GradientStop($0.offset / reach, $0.color) }
            return .radial(RadialGradient(center: center.point(side: side),
                                          radiusX: Double(radiusX) / 10_000 * side * reach,
                                          radiusY: Double(radiusY) / 10_000 * side * reach,
                                          stops: Self.cut(stretched, upTo: 1)))
        case .conic(let from, let center):
            return .angular(AngularGradient(center: center.point(side: side), startDegrees: Double(from) / 100,
                                            stops: Self.cut(placed, upTo: 1)))
        }
    }

    /// `stops` within 0…`upper`, with the colours at the cuts interpolated.
    private static func cut(_ stops: [GradientStop], upTo upper: Double) -> [GradientStop] {
        var inside = stops.filter { $0.offset > 0 && $0.offset < upper }
        inside.insert(GradientStop(0, stops.color(at: 0)), at: 0)
        inside.append(GradientStop(upper, stops.color(at: upper)))
        // A hard edge exactly at a cut keeps both colours.
        if let edge = stops.last(where: { $0.offset == 0 }) { inside[0] = GradientStop(0, edge.color) }
        if let edge = stops.first(where: { $0.offset == upper }) { inside[inside.count - 1] = GradientStop(upper, edge.color) }
        return inside
    }

    /// Stops of no opacity given the colours of their visible neighbours, so straight-alpha
    /// interpolation fades those colours (`red, transparent, blue`: red fades out, blue
    /// fades in, two stops at one place), as CSS's premultiplied interpolation draws it.
    private static func fadingInColour(_ stops: [GradientStop]) -> [GradientStop] {
        stops.enumerated().flatMap { index, stop -> [GradientStop] in
            guard stop.color.alpha == 0 else { return [stop] }
            let before = stops[..<index].last { $0.color.alpha > 0 }, after = stops[(index + 1)...].first { $0.color.alpha > 0 }
            switch (before, after) {
            case (nil, nil): return [stop]
            case (let only?, nil), (nil, let only?): return [GradientStop(stop.offset, only.color.multiplyingAlpha(0))]
            case (let before?, let after?):
                return [GradientStop(stop.offset, before.color.multiplyingAlpha(0)), GradientStop(stop.offset, after.color.multiplyingAlpha(0))]
            }
        }
    }
}

extension GradientPoint {
    /// The point in a box `side` points square.
    func point(side: Double) -> Point {
        Point(x: Double(x) / 10_000 * side, y: Double(y) / 10_000 * side)
    }
}

extension GradientValue {
    /// The one canonical spelling, valid CSS and read back to this value: lower case, no
    /// spaces but the needed ones, colours as `ColorValue.canonicalText`, angles in `deg`
    /// within one turn, positions in `%`, defaults left out (`linear-gradient`'s 180deg,
    /// the centre, `farthest-corner`, evenly spread stops), conic stops in `%` too.
    /// `to right`, `90deg`, `0.25turn` and `100grad` are all `linear-gradient(90deg,…)`.
    public var canonicalText: String {
        var prelude: [String] = []
        switch geometry {
        case .linear(let direction):
            if direction != 18_000 { prelude.append(Self.decimal(direction) + "deg") }
            return "linear-gradient(" + (prelude + stopTexts).joined(separator: ",") + ")"
        case .radial(let radiusX, let radiusY, let center):
            var words: [String] = []
            let (cornerX, cornerY) = CSSGradient.farthestCorner(center)
            if radiusX != cornerX || radiusY != cornerY { words += [Self.decimal(radiusX) + "%", Self.decimal(radiusY) + "%"] }
            if center != .center { words += ["at", Self.decimal(center.x) + "%", Self.decimal(center.y) + "%"] }
            if !words.isEmpty { prelude.append(words.joined(separator: " ")) }
            return "radial-gradient(" + (prelude + stopTexts).joined(separator: ",") + ")"
        case .conic(let from, let center):
            var words: [String] = []
            if from != 0 { words += ["from", Self.decimal(from) + "deg"] }
            if center != .center { words += ["at", Self.decimal(center.x) + "%", Self.decimal(center.y) + "%"] }
            if !words.isEmpty { prelude.append(words.joined(separator: " ")) }
            return "conic-gradient(" + (prelude + stopTexts).joined(separator: ",") + ")"
        }
    }

    /// The stops, with their positions only when some stop is not where even spreading puts it.
    private var stopTexts: [String] {
        let spread = stops.indices.allSatisfy { index in
            stops[index].position == Int((10_000 * Double(index) / Double(stops.count - 1)).rounded())
        }
        return stops.map { spread ? $0.color.canonicalText : $0.color.canonicalText + " " + Self.decimal($0.position) + "%" }
    }

    /// Hundredths as a short decimal: 2500 → "25", 1250 → "12.5", -5 → "-0.05".
    static func decimal(_ hundredths: Int) -> String {
        let sign = hundredths < 0 ? "-" : "", magnitude = abs(hundredths)
        let whole = String(magnitude / 100), fraction = magnitude % 100
        guard fraction != 0 else { return sign + whole }
        let digits = fraction < 10 ? "0" + String(fraction) : String(fraction)
        return sign + whole + "." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }
}
