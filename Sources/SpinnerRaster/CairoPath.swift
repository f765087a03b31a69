import CCairo
import SpinnerModel
#if canImport(Glibc)
import Glibc
#endif

/// Outlines and stroke settings in Cairo terms.
enum CairoPath {
    /// Replaces the current path with `shape`. Angles: our degrees run clockwise from
    /// 12 o'clock; Cairo's radians run clockwise (y-down) from 3 o'clock.
    static func add(_ shape: ResolvedShape, to context: OpaquePointer) {
        cairo_new_path(context)
        switch shape {
        case .circle(let center, let radius):
            cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
            cairo_close_path(context)
        case .arc(let center, let radius, let start, let end):
            cairo_arc(context, center.x, center.y, radius, radians(start), radians(end))
        case .capsule(let center, let width, let height):
            let radius = min(width, height) / 2
            if height >= width {
                let top = center.y - height / 2 + radius, bottom = center.y + height / 2 - radius
                cairo_arc(context, center.x, top, radius, .pi, 2 * .pi)
                cairo_arc(context, center.x, bottom, radius, 0, .pi)
            } else {
                let left = center.x - width / 2 + radius, right = center.x + width / 2 - radius
                cairo_arc(context, right, center.y, radius, -.pi / 2, .pi / 2)
                cairo_arc(context, left, center.y, radius, .pi / 2, 3 * .pi / 2)
            }
            cairo_close_path(context)
        }
    }

    /// Sets line width, caps, joins and dashes for stroking with `style` at `width` points.
    static func applyStroke(_ style: StrokeStyle, width: Double, to context: OpaquePointer) {
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, style.cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        if style.dash.isEmpty {
            cairo_set_dash(context, nil, 0, 0)
        } else {
            style.dash.withUnsafeBufferPointer { dashes in
                cairo_set_dash(context, dashes.baseAddress, Int32(dashes.count), style.dashPhase)
            }
        }
    }

    /// Cairo's angle for our `degrees`.
    static func radians(_ degrees: Double) -> Double {
        (degrees - 90) * .pi / 180
    }
}
