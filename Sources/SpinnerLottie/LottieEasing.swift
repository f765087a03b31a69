#if canImport(Glibc)
import Glibc
#endif
import SpinnerModel

/// A keyframe segment's easing in Lottie terms: a cubic Bézier from (0, 0) to (1, 1)
/// (`o` and `i` tangents), or a hold. Lottie has no spring: a critically damped spring
/// is written as several keyframes, each a Bézier piece fitted to the model's curve, so
/// that no point of the written curve is further than `springTolerance` (of the change)
/// from it — as the SVG's `linear()` polyline is, with fewer points.
enum LottieEasing {
    /// A piece: where it starts and ends in the segment (share of time and of change),
    /// and its Bézier control points (normalised to the piece).
    struct Piece: Equatable {
        let startShare: Double
        let startProgress: Double
        let endShare: Double
        let endProgress: Double
        /// nil for a hold.
        let controls: (x1: Double, y1: Double, x2: Double, y2: Double)?

        static func == (a: Piece, b: Piece) -> Bool {
            a.startShare == b.startShare && a.endShare == b.endShare && a.controls?.x1 == b.controls?.x1
                && a.controls?.y1 == b.controls?.y1 && a.controls?.x2 == b.controls?.x2 && a.controls?.y2 == b.controls?.y2
        }
    }

    /// Largest gap between the model's spring and the written Bézier pieces, as a share of the change.
    static let springTolerance = 0.001

    /// The pieces that write `easing` over a whole segment: one for linear, Bézier and
    /// hold easings, several for a spring.
    static func pieces(_ easing: Easing) -> [Piece] {
        switch easing {
        case .linear:
            return [Piece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: (0, 0, 1, 1))]
        case .hold:
            return [Piece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: nil)]
        case .cubicBezier(let curve):
            return [Piece(startShare: 0, startProgress: 0, endShare: 1, endProgress: 1, controls: (curve.x1, curve.y1, curve.x2, curve.y2))]
        case .criticallyDampedSpring(let stiffness):
            return springPieces(stiffness: stiffness)
        }
    }

    /// Bézier pieces of the spring, each grown as far as it stays within the tolerance.
    /// A piece from share a to b is the cubic Hermite curve through the spring's values and
    /// slopes at its ends: in the piece's normalised frame its control points are
    /// (1/3, m₀/3) and (2/3, 1 − m₁/3), so x(s) = s and the error is read directly.
    private static func springPieces(stiffness k: Double) -> [Piece] {
        let end = spring(k)
        func progress(_ u: Double) -> Double { spring(k * u) / end }
        func slope(_ u: Double) -> Double { k * (k * u) * exp(-k * u) / end }
        func piece(_ a: Double, _ b: Double) -> (Piece, error: Double) {
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
            return (Piece(startShare: a, startProgress: pa, endShare: b, endProgress: pb, controls: (1.0 / 3, y1, 2.0 / 3, y2)), error)
        }
        var pieces: [Piece] = []
        var start = 0.0
        while start < 1 {
            var (low, high) = (start, 1.0)
            if piece(start, 1).error <= springTolerance { low = 1 } else {
                for _ in 0 ..< 30 {
                    let middle = (low + high) / 2
                    if piece(start, middle).error <= springTolerance { low = middle } else { high = middle }
                }
            }
            // Round the end as keyframe times are written, so the written piece is the checked one.
            let stop = low >= 1 ? 1 : (low * 10_000).rounded(.down) / 10_000
            pieces.append(piece(start, stop).0)
            start = stop
        }
        return pieces
    }

    private static func spring(_ x: Double) -> Double {
        1 - (1 + x) * exp(-x)
    }
}
