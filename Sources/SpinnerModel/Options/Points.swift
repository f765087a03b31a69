/// A length in points, to hundredths (what `stroke` and other lengths are rounded to).
public struct Points: Hashable, Sendable {
    /// The length as written in the canonical form: hundredths.
    public let fixed: FixedPoint

    /// `value` points, rounded to hundredths.
    public init(_ value: Double) {
        fixed = FixedPoint(units: Int((value * 100).rounded()), places: 2)
    }

    init(fixed: FixedPoint) {
        precondition(fixed.places == 2, "points keep two places")
        self.fixed = fixed
    }

    /// The length in points.
    public var value: Double { fixed.doubleValue }
}
