import CCairo
import SpinnerModel
#if canImport(Glibc)
import Glibc
#endif

/// Cairo sources for our paints. Cairo 1.16 has no conic gradient, so an angular
/// gradient is built here as a mesh of thin pie slices (`sliceCount` of them), each
/// interpolating between the colours at its two edge angles: a shape's angular paint is
/// coloured by `AngularFill` instead (the mesh costs its extents' area per slice), and the
/// mesh remains for where that cannot make its images.
enum PaintSource {
    /// Slices in an angular gradient: 2° each, finer than any visible banding.
    static let sliceCount = 180

    /// Makes `paint`, with its alpha multiplied by `opacity`, the context's source.
    static func set(_ paint: Paint, opacity: Double, on context: OpaquePointer) {
        switch paint {
        case .solid(let color):
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * opacity)
        case .linear(let gradient):
            guard let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y,
                                                            gradient.end.x, gradient.end.y) else { return }
            addStops(gradient.stops, opacity: opacity, to: pattern)
            cairo_set_source(context, pattern)
            cairo_pattern_destroy(pattern)
        case .radial(let gradient):
            // A unit circle at the origin, mapped onto the ellipse: the pattern matrix takes
            // user space to pattern space, the inverse of translate(centre)·scale(radii).
            guard let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else { return }
            var matrix = cairo_matrix_t(xx: 1 / gradient.radiusX, yx: 0, xy: 0, yy: 1 / gradient.radiusY,
                                        x0: -gradient.center.x / gradient.radiusX, y0: -gradient.center.y / gradient.radiusY)
            cairo_pattern_set_matrix(pattern, &matrix)
            addStops(gradient.stops, opacity: opacity, to: pattern)
            cairo_set_source(context, pattern)
            cairo_pattern_destroy(pattern)
        case .angular(let gradient):
            guard let pattern = angularMesh(gradient, opacity: opacity) else { return }
            cairo_set_source(context, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// A linear or radial pattern's stops, its ends extended (CSS's and SwiftUI's padding).
    private static func addStops(_ stops: [GradientStop], opacity: Double, to pattern: OpaquePointer) {
        for stop in stops {
            let color = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, color.red, color.green, color.blue, color.alpha * opacity)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    private static func angularMesh(_ gradient: AngularGradient, opacity: Double) -> OpaquePointer? {
        guard let mesh = cairo_pattern_create_mesh() else { return nil }
        // Far enough out to cover any shape a scene can hold around the centre.
        let radius = 10_000.0
        let step = 360.0 / Double(sliceCount)
        for slice in 0..<sliceCount {
            let startOffset = Double(slice) / Double(sliceCount)
            let endOffset = Double(slice + 1) / Double(sliceCount)
            let start = gradient.center.onCircle(radius: radius, degrees: gradient.startDegrees + step * Double(slice))
            let end = gradient.center.onCircle(radius: radius, degrees: gradient.startDegrees + step * Double(slice + 1))
            let startColor = gradient.stops.color(at: startOffset).multiplyingAlpha(opacity)
            let endColor = gradient.stops.color(at: endOffset).multiplyingAlpha(opacity)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, gradient.center.x, gradient.center.y)
            cairo_mesh_pattern_line_to(mesh, start.x, start.y)
            cairo_mesh_pattern_line_to(mesh, end.x, end.y)
            cairo_mesh_pattern_line_to(mesh, gradient.center.x, gradient.center.y)
            for (corner, color) in [startColor, startColor, endColor, endColor].enumerated() {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), color.red, color.green,
                                                         color.blue, color.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }
}
