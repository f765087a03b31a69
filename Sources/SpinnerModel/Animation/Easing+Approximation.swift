#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An easing the output formats cannot state is written as pieces they can: CSS as a
/// `linear()` polyline, Lottie as keyframes of Bézier pieces. Both are cut here, once,
/// to one tolerance, and the engines only write them.
extension Easing {
    /// Largest gap between a curve and its written pieces, as a share of the change: 0.001.
    public static let approximationTolerance = 0.001

    /// A piece of a segment written as a cubic Bézier: where it starts and ends (share of
    /// the segment's time and of its change), and its control points normalised to the
    /// piece (nil for a hold).
    public struct BezierPiece: Sendable {
        public let startShare: Double
        public let startProgress: Double
        public let endShare: Double
        public let endProgress: Double
        public let controls: (x1: Double, y1: Double, x2: Double, y2: Double)?
    }

    /// The points (share of time, share of change) of this easing joined by straight lines
    /// that stay within `approximationTolerance` of it (CSS `linear()`), each line grown as
    /// far as it can go.
    public func polyline() -> [(share: Double, progress: Double)] {
        var points = [(share: 0.0, progress: 0.0)]
        for piece in Self.pieces(fitting: { start, end in
            let (from, to) = (progress(start), progress(end))
            return (1 ..< 32).allSatisfy { step in
                let share = start + (end - start) * Double(step) / 32
                return abs(progress(share) - (from + (to - from) * Double(step) / 32)) <= Self.approximationTolerance
            }
        }) {
            points.append((piece.end, progress(piece.end)))
        }
        return points
    }

    /// This easing as Bézier pieces (Lottie's keyframe easings): one for linear, Bézier
    /// and hold easings; for a spring, the cubic Hermite curves through its values and
    /// slopes, each grown as far as it stays within `approximationTolerance`. In a piece's
    /// normalised frame the control points are (1/3, m₀/3) and (2/3, 1 − m₁/3), so x(s) = s
    /// and the error is read directly.
    public func bezierPieces() -> [BezierPiece] {
        switch self {
        case .linear:
            return [BezierPiece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: (0, 0, 1, 1))]
        case .hold:
            return [BezierPiece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: nil)]
        case .cubicBezier(let curve):
            return [BezierPiece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: (curve.x1, curve.y1, curve.x2, curve.y2))]
        case .criticallyDampedSpring(let k):
            // The slope of the spring's progress (share of change per share of time).
            let end = 1 - (1 + k) * exp(-k)
            func slope(_ u: Double) -> Double { k * (k * u) * exp(-k * u) / end }
            func piece(_ a: Double, _ b: Double) -> (BezierPiece, error: Double) {
                let (pa, pb) = (progress(a), progress(b))
                let change = pb - pa
                let (m0, m1) = (slope(a) * (b - a) / change, slope(b) * (b - a) / change)
                let (y1, y2) = (m0 / 3, 1 - m1 / 3)
                var error = 0.0
                for step in 1 ..< 32 {
                    let x = Double(step) / 32
                    let y = 3 * (1 - x) * (1 - x) * x * y1 + 3 * (1 - x) * x * x * y2 + x * x * x
                    error = max(error, abs(pa + y * change - progress(a + x * (b - a))))
                }
                return (BezierPiece(startShare: a, startProgress: pa, endShare: b, endProgress: pb, controls: (1.0 / 3, y1, 2.0 / 3, y2)),
                        error)
            }
            return Self.pieces { start, end in piece(start, end).error <= Self.approximationTolerance }.map { piece($0.start, $0.end).0 }
        }
    }

    /// [0, 1] cut into pieces, each grown from where the last ended as far as `fits(start,
    /// end)` holds (found by bisection, 30 steps), its end rounded down to 1/10 000 — as
    /// the engines write times, so that the written piece is the checked one.
    static func pieces(fitting fits: (Double, Double) -> Bool) -> [(start: Double, end: Double)] {
        var pieces: [(start: Double, end: Double)] = []
        var start = 0.0
        while start < 1 {
            var (low, high) = (start, 1.0)
            if fits(start, 1) { low = 1 } else {
                for _ in 0 ..< 30 {
                    let middle = (low + high) / 2
                    if fits(start, middle) { low = middle } else { high = middle }
                }
            }
            let end = low >= 1 ? 1 : (low * 10_000).rounded(.down) / 10_000
            pieces.append((start, end))
            start = end
        }
        return pieces
    }
}
