import CCairo
import Concurrency
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
    private let angularFill: AngularFill

    /// True to draw angular gradients by Cairo's mesh (`PaintSource`), as before
    /// `AngularFill`: for tests that hold the two alike.
    var drawsAngularByMesh = false

    /// What stands still, shared with the other rasterizers of one render, or nil.
    private let sharedStill: SharedStill?

    /// A rasterizer for `scene` producing `pixelSize`-square bitmaps. `still`: shared by the
    /// rasterizers drawing one render's frames (a thread's, a batch's), so that what stands
    /// still is drawn and snapshotted once a render, not once a rasterizer (a WebP makes
    /// two a batch of 16 frames). Default nil: worked out by this rasterizer alone.
    public init(scene: Scene, pixelSize: Int, still: SharedStill? = nil) throws(RasterError) {
        sharedStill = still
        self.scene = scene
        self.canvas = try CairoCanvas(size: pixelSize)
        self.angularFill = try AngularFill(size: pixelSize)
        self.pixelsPerPoint = Double(pixelSize) / scene.size
    }

    /// The picture at model time `milliseconds`.
    public func render(at milliseconds: Rational) -> RGBAImage {
        let commands = scene.drawCommands(at: milliseconds)
        if case .unknown = still, keepsStill, let known = sharedStill?.known { still = known }
        let drawn: Int
        // The still canvas this frame was started from, when it was.
        var base: CairoCanvas.StillSnapshot? = nil
        if case .kept(let prefix, let kept) = still, commands.starts(with: prefix), canvas.restore(kept.surface) {
            (drawn, base) = (prefix.count, kept)
        } else {
            drawn = startFrame(commands)
            if case .kept(let prefix, let kept) = still, prefix.count == drawn, commands.starts(with: prefix) { base = kept }
        }
        for command in commands[drawn...] { drawPlaced(command) }
        let paintColors = Self.solidColors(of: commands)
        let picture = if let base, snapshotsOverStill { canvas.snapshot(paintColors: paintColors, over: base) }
                      else { canvas.snapshot(paintColors: paintColors) }
        // direction=reverse: the picture drawn as the seed's, then mirrored pixel for pixel,
        // so its mirror image is exact (gradients and shadows mirrored with it).
        return scene.mirrored ? picture.mirroredLeftToRight() : picture
    }

    /// What every frame starts from, drawn once a render: the background and the leading
    /// commands that did not change between the first two frames drawn (circular's
    /// track, a filled background), kept as pixels and copied into the canvas for every
    /// frame whose leading commands are still those, with their snapshot, so that a frame's
    /// snapshot works out again only what it changed (`CairoCanvas.snapshot(paintColors:over:)`).
    /// The same drawing on the same pixels, so the same bytes; at 256 px a copy instead of
    /// a ring's rasterising.
    enum Still: Sendable {
        /// No frame drawn yet: its commands are what the next frame's are compared with.
        case unknown(first: [DrawCommand]?)
        /// The leading commands and the canvas with them drawn.
        case kept(prefix: [DrawCommand], CairoCanvas.StillSnapshot)
        /// Nothing worth keeping (nothing stands still, and no background).
        case none
    }
    private var still = Still.unknown(first: nil)

    /// False to draw every frame whole, for tests that hold both ways to the same bytes.
    var keepsStill = true
    /// False to snapshot every frame whole even over a kept still canvas, for tests.
    var snapshotsOverStill = true

    /// How many leading commands are kept drawn (`Still`), for tests.
    var stillCommandCount: Int? {
        if case .kept(let prefix, _) = still { prefix.count } else { nil }
    }

    /// Clears the canvas, draws the background, and draws from `commands` what stands
    /// still (keeping it, on the second frame); returns how many commands it drew.
    private func startFrame(_ commands: [DrawCommand]) -> Int {
        canvas.clear()
        drawBackground()
        guard keepsStill, case .unknown(let first) = still else { return 0 }
        guard let first else {
            still = .unknown(first: commands)
            return 0
        }
        let prefix = Array(zip(first, commands).prefix { $0 == $1 }.map(\.1))
        guard !prefix.isEmpty || scene.hasBackground else {
            still = .none
            sharedStill?.publish(still)
            return 0
        }
        for command in prefix { drawPlaced(command) }
        let limit = CairoCanvas.StillSnapshot.unsettledLimit(pixelCount: canvas.size * canvas.size)
        still = .kept(prefix: prefix, CairoCanvas.StillSnapshot(
            surface: canvas.pixels(), settled: canvas.snapshotRecordingUnsettled(paintColors: Self.solidColors(of: prefix), upTo: limit)))
        sharedStill?.publish(still)
        return prefix.count
    }

    private func drawBackground() {
        guard scene.hasBackground else { return }
        let context = canvas.context
        cairo_save(context)
        var matrix = AffineTransform.scale(pixelsPerPoint).cairoMatrix
        cairo_set_matrix(context, &matrix)
        PaintSource.set(scene.background, opacity: 1, on: context)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// `command` in the canvas's pixels.
    private func drawPlaced(_ command: DrawCommand) {
        let context = canvas.context
        cairo_save(context)
        var matrix = AffineTransform.scale(pixelsPerPoint).concatenating(command.transform).cairoMatrix
        cairo_set_matrix(context, &matrix)
        draw(command)
        cairo_restore(context)
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
            paint(command, command.paint, opacity: command.opacity, strokeWidth: nil)
            return
        }
        if let shadow = command.dropShadow { drawDropShadow(shadow, of: command, stroke: stroke) }
        if let shadow = command.innerShadow {
            // Nested bands drawn as one group, then composited with the paint's opacity.
            cairo_push_group(context)
            for band in shadow.bands(strokeWidth: stroke.width, paint: command.paint) {
                paint(command, band.paint, opacity: 1, strokeWidth: band.width)
            }
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, InnerShadow.groupOpacity(of: command.paint) * command.opacity)
            return
        }
        paint(command, command.paint, opacity: command.opacity, strokeWidth: stroke.width)
    }

    /// `command`'s outline painted with `paint` at `opacity`: stroked `strokeWidth` points
    /// wide with its stroke style, or filled when nil. An angular gradient's colours are
    /// found only where the outline covers (`AngularFill`).
    private func paint(_ command: DrawCommand, _ paint: Paint, opacity: Double, strokeWidth: Double?) {
        let context = canvas.context
        func outline(on target: OpaquePointer) {
            CairoPath.add(command.shape, to: target)
            if let stroke = command.stroke, let strokeWidth {
                CairoPath.applyStroke(stroke, width: strokeWidth, to: target)
                cairo_stroke(target)
            } else {
                cairo_fill(target)
            }
        }
        if case .angular(let gradient) = paint, !drawsAngularByMesh {
            angularFill.setSource(gradient, opacity: opacity, on: context, cover: outline)
        } else {
            PaintSource.set(paint, opacity: opacity, on: context)
        }
        outline(on: context)
    }
}

extension SceneRasterizer {
    /// The stroke's shape moved by the shadow's offset (in its own frame), drawn opaque into
    /// an alpha image padded past the canvas by the shadow's reach (so what falls outside
    /// still blurs back in, as SVG's filter region and Lottie's bands keep it), blurred there
    /// (`AlphaBlur`, σ in pixels), and painted through in the shadow's colour at the
    /// command's opacity: SwiftUI's drop shadow, beneath the stroke.
    fileprivate func drawDropShadow(_ shadow: DropShadow, of command: DrawCommand, stroke: StrokeStyle) {
        let context = canvas.context
        let pad = Int((shadow.reach * pixelsPerPoint).rounded(.up)) + 1, side = canvas.size + 2 * pad
        guard let alpha = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side)) else { return }
        defer { cairo_surface_destroy(alpha) }
        guard let drawing = cairo_create(alpha), cairo_status(drawing) == CAIRO_STATUS_SUCCESS else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        matrix.x0 += Double(pad)
        matrix.y0 += Double(pad)
        cairo_set_matrix(drawing, &matrix)
        cairo_translate(drawing, shadow.x, shadow.y)
        CairoPath.add(command.shape, to: drawing)
        cairo_set_source_rgba(drawing, 0, 0, 0, 1)
        CairoPath.applyStroke(stroke, width: stroke.width, to: drawing)
        cairo_stroke(drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(alpha)
        if let data = cairo_image_surface_get_data(alpha) {
            AlphaBlur.blur(data, width: side, height: side, stride: Int(cairo_image_surface_get_stride(alpha)),
                           sigma: shadow.sigma * pixelsPerPoint)
        }
        cairo_surface_mark_dirty(alpha)
        let color = shadow.color
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * command.opacity)
        cairo_mask_surface(context, alpha, -Double(pad), -Double(pad))
        cairo_restore(context)
    }
}

/// What stands still in one render's frames (`SceneRasterizer.Still`), worked out by the
/// first of its rasterizers to draw two frames and taken up by the others: any two frames
/// give a prefix whose frames are exactly those drawn whole, so which two does not change
/// a byte.
public final class SharedStill: Sendable {
    private let state = Locked<SceneRasterizer.Still?>(nil)

    public init() {}

    /// The still worked out, once there is one (never `.unknown`).
    var known: SceneRasterizer.Still? { state.withLock { $0 } }

    /// Keeps `still` (`.kept` or `.none`) unless one is kept already.
    func publish(_ still: SceneRasterizer.Still) {
        if case .unknown = still { return }
        state.withLock { if $0 == nil { $0 = still } }
    }
}

extension AffineTransform {
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
