import CCairo
import SpinnerModel
#if canImport(Glibc)
import Glibc
#endif

/// An angular (conic) gradient as a Cairo source, coloured exactly at every pixel a shape
/// covers. Cairo 1.16 has no conic gradient; a mesh of 180 pie slices (`PaintSource`) drew
/// it, but Cairo rasterises every slice over the shape's extents, which made arc's default
/// dots 2.8 ms a frame at 256 px (most of a cold render). Here the shape is first drawn
/// into an alpha mask, and only the pixels it touches get the gradient's colour, by the
/// angle at their centre: one colour per 2° slice, the mesh's slices, as it drew them
/// flat (against its frames: at most 2/255 apart on arc, 10/255 on a six-colour rainbow,
/// and a hard seam moved by a pixel; smooth colours made the rainbow's APNG 23 % larger
/// where no eye sees the slices). The shape is then painted from that image as usual,
/// with Cairo's own coverage. Hand-written because no library here has a conic
/// gradient. One per canvas: it reuses its two images for every shape of every frame.
final class AngularFill {
    private let size: Int
    private let mask: OpaquePointer
    private let colors: OpaquePointer
    /// The table for the last gradient and opacity asked for: renders ask for one or two.
    private var table: (gradient: AngularGradient, opacity: Double, colors: [UInt32])?

    /// Slices a turn, each one colour: the mesh's (`PaintSource.sliceCount`, 2°).
    static let slices = PaintSource.sliceCount

    init(size: Int) throws(RasterError) {
        let mask = try CairoCanvas.imageSurface(CAIRO_FORMAT_A8, size: size)
        let colors: OpaquePointer
        do { colors = try CairoCanvas.imageSurface(CAIRO_FORMAT_ARGB32, size: size) } catch {
            cairo_surface_destroy(mask)
            throw error
        }
        self.size = size
        self.mask = mask
        self.colors = colors
    }

    deinit {
        cairo_surface_destroy(mask)
        cairo_surface_destroy(colors)
    }

    /// Makes `gradient`, its alpha times `opacity`, the source of `context` for the shape
    /// `cover` draws: `cover` gets a context with `context`'s matrix, adds the outline and
    /// its stroke or fill settings, and strokes or fills it (as the caller then does on
    /// `context`). Where it cannot make its images, the mesh (`PaintSource`) instead.
    func setSource(_ gradient: AngularGradient, opacity: Double, on context: OpaquePointer, cover: (OpaquePointer) -> Void) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var inverse = matrix
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS, drawMask(matrix: matrix, cover: cover),
              let maskData = cairo_image_surface_get_data(mask), let colorData = cairo_image_surface_get_data(colors) else {
            PaintSource.set(.angular(gradient), opacity: opacity, on: context)
            return
        }
        let lookup = colorTable(gradient, opacity: opacity)
        let maskStride = Int(cairo_image_surface_get_stride(mask))
        let colorWords = Int(cairo_image_surface_get_stride(colors)) / 4
        let pixels = UnsafeMutableRawPointer(colorData).assumingMemoryBound(to: UInt32.self)
        memset(colorData, 0, colorWords * 4 * size)
        let (centerX, centerY) = (gradient.center.x, gradient.center.y)
        let slices = Double(Self.slices), start = gradient.startDegrees / 360
        lookup.withUnsafeBufferPointer { lookup in
            for row in 0 ..< size {
                let coverage = maskData + row * maskStride
                let y = Double(row) + 0.5
                for column in 0 ..< size where coverage[column] != 0 {
                    let x = Double(column) + 0.5
                    // The pixel's centre in the gradient's space; angles clockwise from 12 o'clock.
                    let dx = inverse.xx * x + inverse.xy * y + inverse.x0 - centerX
                    let dy = inverse.yx * x + inverse.yy * y + inverse.y0 - centerY
                    var turn = atan2(dx, -dy) / (2 * .pi) - start
                    turn -= turn.rounded(.down)
                    pixels[row * colorWords + column] = lookup[min(Self.slices - 1, Int(turn * slices))]
                }
            }
        }
        cairo_surface_mark_dirty(colors)
        guard let pattern = cairo_pattern_create_for_surface(colors) else { return }
        // Pattern space is the canvas's pixels: one image pixel per device pixel.
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_set_source(context, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// The shape's coverage in the mask, cleared first; false when Cairo cannot draw there.
    private func drawMask(matrix: cairo_matrix_t, cover: (OpaquePointer) -> Void) -> Bool {
        guard let drawing = cairo_create(mask), cairo_status(drawing) == CAIRO_STATUS_SUCCESS else { return false }
        defer { cairo_destroy(drawing) }
        cairo_set_operator(drawing, CAIRO_OPERATOR_CLEAR)
        cairo_paint(drawing)
        cairo_set_operator(drawing, CAIRO_OPERATOR_OVER)
        var matrix = matrix
        cairo_set_matrix(drawing, &matrix)
        cairo_set_source_rgba(drawing, 0, 0, 0, 1)
        cover(drawing)
        cairo_surface_flush(mask)
        return true
    }

    /// Premultiplied ARGB words, one a slice: the gradient's colour at the slice's middle.
    private func colorTable(_ gradient: AngularGradient, opacity: Double) -> [UInt32] {
        if let table, table.gradient == gradient, table.opacity == opacity { return table.colors }
        let made = (0 ..< Self.slices).map { slice in
            Self.premultiplied(gradient.stops.color(at: (Double(slice) + 0.5) / Double(Self.slices)).multiplyingAlpha(opacity))
        }
        table = (gradient, opacity, made)
        return made
    }

    private static func premultiplied(_ color: Color) -> UInt32 {
        func channel(_ value: Double) -> UInt32 { UInt32((value * color.alpha * 255).rounded()) }
        return UInt32((color.alpha * 255).rounded()) << 24 | channel(color.red) << 16 | channel(color.green) << 8
            | channel(color.blue)
    }
}
