import CCairo
import ExactTime
import ImageCodecs
import SpinnerModel

/// Draws a scene at given times into RGBA bitmaps with Cairo (antialiased, ARGB32),
/// `render(scene, at:)` like resvg's `render(tree, transform, pixmap)`. One rasterizer
/// reuses one surface, so it is meant for one render on one thread.
public final class SceneRasterizer {
    private let scene: Scene
    private let canvas: CairoCanvas
    private let pixelsPerPoint: Double

    /// A rasterizer for `scene` producing `pixelSize`-square bitmaps.
    public init(scene: Scene, pixelSize: Int) throws(RasterError) {
        self.scene = scene
        self.canvas = try CairoCanvas(size: pixelSize)
        self.pixelsPerPoint = Double(pixelSize) / scene.size
    }

    /// The picture at model time `milliseconds`.
    public func render(at milliseconds: Rational) -> RGBAImage {
        let context = canvas.context
        canvas.clear()
        if scene.hasBackground {
            cairo_save(context)
            var matrix = AffineTransform.scale(pixelsPerPoint).cairoMatrix
            cairo_set_matrix(context, &matrix)
            PaintSource.set(scene.background, opacity: 1, on: context)
            cairo_paint(context)
            cairo_restore(context)
        }
        let commands = scene.drawCommands(at: milliseconds)
        for command in commands {
            cairo_save(context)
            var matrix = AffineTransform.scale(pixelsPerPoint).concatenating(command.transform).cairoMatrix
            cairo_set_matrix(context, &matrix)
            draw(command)
            cairo_restore(context)
        }
        return canvas.snapshot(paintColors: Self.solidColors(of: commands))
    }

    /// The distinct solid paint colours of `commands`, for edge settling.
    private static func solidColors(of commands: [DrawCommand]) -> [RGB24] {
        var colors: [RGB24] = []
        for command in commands {
            guard case .solid(let color) = command.paint else { continue }
            let (red, green, blue, _) = color.bytes
            let packed = RGB24(red: red, green: green, blue: blue)
            if !colors.contains(packed) { colors.append(packed) }
        }
        return colors
    }

    private func draw(_ command: DrawCommand) {
        let context = canvas.context
        guard let stroke = command.stroke else {
            CairoPath.add(command.shape, to: context)
            PaintSource.set(command.paint, opacity: command.opacity, on: context)
            cairo_fill(context)
            return
        }
        if let shadow = command.innerShadow {
            // Nested bands drawn as one group, then composited with the paint's opacity.
            cairo_push_group(context)
            for band in shadow.bands(strokeWidth: stroke.width, paint: command.paint) {
                CairoPath.add(command.shape, to: context)
                PaintSource.set(band.paint, opacity: 1, on: context)
                CairoPath.applyStroke(stroke, width: band.width, to: context)
                cairo_stroke(context)
            }
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, InnerShadow.groupOpacity(of: command.paint) * command.opacity)
            return
        }
        CairoPath.add(command.shape, to: context)
        PaintSource.set(command.paint, opacity: command.opacity, on: context)
        CairoPath.applyStroke(stroke, width: stroke.width, to: context)
        cairo_stroke(context)
    }
}

extension AffineTransform {
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
