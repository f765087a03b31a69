/// A decimal number kept as a whole count of `10^-places` units, so that `1`, `1.0` and
/// `1.00` are one value with one spelling. Parameters round input to their places.
public struct FixedPoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value in units of `10^-places` (1.75 with 3 places is 1750).
    public let units: Int
    /// Number of decimal places kept, 0...6.
    public let places: Int

    public init(units: Int, places: Int) {
        precondition((0...6).contains(places), "FixedPoint keeps 0...6 places")
        self.units = units
        self.places = places
    }

    /// `whole` with `places` places.
    public init(_ whole: Int, places: Int) {
        self.init(units: whole * FixedPoint.scale(places), places: places)
    }

    /// `value` rounded half away from zero to `places` (for printing measurements).
    public init(rounding value: Double, places: Int) {
        let scaled = (value * Double(FixedPoint.scale(places))).rounded()
        self.init(units: scaled.isFinite && abs(scaled) < 9e15 ? Int(scaled) : 0, places: places)
    }

    /// The value as a `Double`.
    public var doubleValue: Double { Double(units) / Double(FixedPoint.scale(places)) }

    /// Shortest decimal spelling: no trailing zeros, no trailing point (`1.75`, `1`, `0.5`).
    public var description: String {
        let scale = FixedPoint.scale(places)
        let sign = units < 0 ? "-" : ""
        let magnitude = units.magnitude
        let whole = magnitude / UInt(scale)
        var fraction = String(magnitude % UInt(scale))
        guard places > 0, fraction != "0" else { return sign + String(whole) }
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }

    public static func < (a: FixedPoint, b: FixedPoint) -> Bool {
        precondition(a.places == b.places, "comparing FixedPoints of different places")
        return a.units < b.units
    }

    /// Parses a plain decimal (`12`, `-0.5`, `1.750`, `.5`), rounding half away from zero to
    /// `places`. No exponents, no `inf`/`nan`, at most 12 integer digits; nil otherwise.
    public init?(parsing text: String, places: Int) {
        guard let written = WrittenDecimal(parsing: text, places: places) else { return nil }
        self = written.rounded
    }

    static func scale(_ places: Int) -> Int {
        (0..<places).reduce(1) { value, _ in value * 10 }
    }
}

/// A decimal as it was written, before rounding: its value cut (towards zero) to a number
/// of places, and whether non-zero digits were cut. Ranges are checked on this, so that
/// `20.000000000000004` is past a maximum of 20 even though it rounds to 20.
public struct WrittenDecimal: Sendable {
    /// The value cut to `places`, towards zero.
    public let truncated: FixedPoint
    /// True when the number was written with a minus sign (even if it cuts to zero).
    public let negative: Bool
    /// True when non-zero digits beyond `places` were cut.
    public let inexact: Bool
    /// True when the first cut digit is 5 or more (rounding goes away from zero).
    let roundsAway: Bool

    /// Parses a plain decimal (`12`, `-0.5`, `1.750`, `.5`); no exponents, no `inf`/`nan`,
    /// at most 12 integer digits and 30 fraction digits; nil otherwise.
    public init?(parsing text: String, places: Int) {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 12, fraction.count <= 30,
              (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let kept = fraction.prefix(places)
        var units = Int(whole.isEmpty ? "0" : whole) ?? 0
        units = units * FixedPoint.scale(places) + (Int(kept + String(repeating: "0", count: places - kept.count)) ?? 0)
        let cut = fraction.dropFirst(places)
        truncated = FixedPoint(units: negative ? -units : units, places: places)
        self.negative = negative
        inexact = cut.contains { $0 != "0" }
        roundsAway = (cut.first ?? "0") >= "5"
    }

    /// The same number read in other units: `scaled` times finer (ms read as s with 3 more places).
    init(truncated: FixedPoint, negative: Bool, inexact: Bool, roundsAway: Bool) {
        self.truncated = truncated
        self.negative = negative
        self.inexact = inexact
        self.roundsAway = roundsAway
    }

    /// Rounded half away from zero to the places kept.
    public var rounded: FixedPoint {
        guard roundsAway else { return truncated }
        return FixedPoint(units: truncated.units + (negative ? -1 : 1), places: truncated.places)
    }

    /// True when the number as written lies in `range` (whose bounds have the same places).
    public func isWithin(_ range: ClosedRange<FixedPoint>) -> Bool {
        guard inexact else { return range.contains(truncated) }
        // The written number lies strictly between the cut value and the next unit away from zero.
        return negative ? range.lowerBound < truncated && truncated <= range.upperBound
                        : range.lowerBound <= truncated && truncated < range.upperBound
    }
}
