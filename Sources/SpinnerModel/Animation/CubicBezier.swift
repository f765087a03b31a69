/// A CSS/SwiftUI timing curve through (0,0), (x1,y1), (x2,y2), (1,1): maps the share
/// of time elapsed to the share of the change done. Solved for x like WebKit's
/// `UnitBezier` (Newton's method, then bisection), to 1e-7.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// `x1` and `x2` must lie in 0...1 so the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "timing curve x outside 0...1")
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Progress (y) at time share `x` in 0...1.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.sample(Self.polynomial(y1, y2), solveT(forX: x))
    }

    /// Power-basis coefficients (a, b, c) of `a·t³ + b·t² + c·t` for control values p1, p2.
    private static func polynomial(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    private static func sample(_ k: (a: Double, b: Double, c: Double), _ t: Double) -> Double {
        ((k.a * t + k.b) * t + k.c) * t
    }

    private func solveT(forX x: Double) -> Double {
        let k = Self.polynomial(x1, x2)
        var t = x
        for _ in 0..<8 {
            let error = Self.sample(k, t) - x
            if abs(error) < 1e-7 { return t }
            let slope = (3 * k.a * t + 2 * k.b) * t + k.c
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = x
        while low < high - 1e-9 {
            let value = Self.sample(k, t)
            if abs(value - x) < 1e-7 { return t }
            if x > value { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
