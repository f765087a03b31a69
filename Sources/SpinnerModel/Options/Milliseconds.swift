import ExactTime
/// A time in whole milliseconds (parameters are written in seconds with three places:
/// `1.75`, `1750ms`).
public struct Milliseconds: Hashable, Sendable {
    /// The time in ms.
    public let value: Int

    /// `value` ms.
    public init(_ value: Int) {
        self.value = value
    }

    /// The time as written in the canonical form: seconds with three places.
    public var fixed: FixedPoint { FixedPoint(units: value, places: 3) }

    /// The time as an exact number of ms.
    public var rational: Rational { Rational(Int64(value)) }
}
