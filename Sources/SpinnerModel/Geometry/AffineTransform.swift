#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine map `(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)`, the same six numbers
/// as Cairo's `cairo_matrix_t` and SVG's `matrix(a b c d e f)`.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The map that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A uniform scale by `factor` about the origin.
    public static func scale(_ factor: Double) -> AffineTransform {
        AffineTransform(a: factor, b: 0, c: 0, d: factor, tx: 0, ty: 0)
    }

    /// A clockwise turn (on a y-down screen) by `degrees` about `pivot`.
    public static func rotation(degrees: Double, around pivot: Point) -> AffineTransform {
        let radians = degrees * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        return AffineTransform(
            a: cosine, b: sine, c: -sine, d: cosine,
            tx: pivot.x - cosine * pivot.x + sine * pivot.y,
            ty: pivot.y - sine * pivot.x - cosine * pivot.y)
    }

    /// Where `point` goes.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// `self` applied after `inner`: points go through `inner` first.
    public func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b,
            b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d,
            d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx,
            ty: b * inner.tx + d * inner.ty + ty)
    }
}
