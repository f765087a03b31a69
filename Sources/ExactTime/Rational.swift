/// An exact fraction `numerator / denominator`, always reduced, with a positive
/// denominator. Model time uses it in milliseconds so that frame times, step
/// boundaries and loop periods compare exactly (1/12 s is never 83.333… ms).
///
/// Operands are bounded by parameter validation (loops ≤ minutes, counts ≤ dozens),
/// so 64-bit products cannot overflow; overflow would be a programmer error and traps.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The reduced numerator; carries the sign.
    public let numerator: Int64
    /// The reduced denominator; always positive.
    public let denominator: Int64

    /// The fraction `numerator / denominator`, reduced. `denominator` must not be 0.
    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator != 0, "Rational with a zero denominator")
        let sign: Int64 = denominator < 0 ? -1 : 1
        let divisor = Rational.gcd(abs(numerator), abs(denominator))
        self.numerator = sign * numerator / max(divisor, 1)
        self.denominator = sign * denominator / max(divisor, 1)
    }

    /// The whole number `value`.
    public init(_ value: Int) { self.init(Int64(value), 1) }

    /// Zero.
    public static let zero = Rational(0, 1)

    /// The nearest `Double`.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// The largest integer not greater than the fraction.
    public var floor: Int64 {
        numerator >= 0 ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
    }

    /// The remainder of `self` divided by `period`, in `[0, period)`. `period` must be positive.
    public func modulo(_ period: Rational) -> Rational {
        precondition(period > .zero, "modulo by a non-positive period")
        let quotient = (self / period).floor
        return self - period * Rational(quotient, 1)
    }

    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    public static func + (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    public static func - (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
    }
    public static func * (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.numerator, a.denominator * b.denominator)
    }
    public static func / (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator, a.denominator * b.numerator)
    }
    public static prefix func - (a: Rational) -> Rational { Rational(-a.numerator, a.denominator) }
    public static func < (a: Rational, b: Rational) -> Bool {
        a.numerator * b.denominator < b.numerator * a.denominator
    }

    /// Greatest common divisor of two non-negative integers (0 when both are 0).
    public static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// Least common multiple of two positive integers; nil when it overflows `Int64`.
    public static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }
}
