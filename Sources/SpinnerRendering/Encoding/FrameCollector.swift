import ImageCodecs
import SpinnerModel
import SpinnerRaster

/// What a writer is given to encode.
enum CollectedFrames {
    /// The still frame of a PNG, mapped to one palette when lossy.
    case still(RGBAImage)
    /// Frames drawn one at a time as the encoder reads them: no frame is held once encoded.
    case streamed(DrawnFrames)
    /// A lossy encode's frames, every one drawn (`drawn`, for a coder that also reads them
    /// as they are) and mapped to one palette (`mapped`).
    case mapped(drawn: [AnimationFrame], mapped: [AnimationFrame])
}

/// Draws a prepared render's frames for its format's writer, and maps them to one palette
/// when the encode is lossy and the writer does not do it itself: the one place where
/// "the frames to one palette" is written (libimagequant, `PaletteQuantizer`).
struct FrameCollector {
    let settings: EncodeSettings
    /// Whether the writer maps to a palette itself (the GIF encoder: 1-bit alpha and its
    /// LZW tolerance are its own).
    let writerMapsItself: Bool

    /// The frames of `prepared` as its writer reads them; `stop` is asked between frames.
    func collect(_ prepared: PreparedRender, stop: StopCheck) throws(RenderError) -> CollectedFrames {
        let (scene, plan, timings) = (prepared.scene, prepared.plan, settings.timings)
        guard settings.format != .png else {
            let image = try SpinnerRenderer.raster { () throws(RasterError) in
                let rasterizer = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
                return timings.measure(.draw) { rasterizer.render(at: plan.times[0]) }
            }
            guard let quality = settings.lossyQuality else { return .still(image) }
            return .still(try SpinnerRenderer.codec { () throws(CodecError) in
                try onePalette { () throws(CodecError) in
                    try PaletteQuantizer.quantize([image], quality: quality, speed: settings.paletteSpeed, stop: stop)[0]
                }
            })
        }
        let frames = try SpinnerRenderer.raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan, timings: timings) }
        guard let quality = settings.lossyQuality, !writerMapsItself else { return .streamed(frames) }
        return try SpinnerRenderer.codec { () throws(CodecError) in
            let drawn = try Self.drawn(frames, stop)
            let mapped = try onePalette { () throws(CodecError) in
                try PaletteQuantizer.quantize(drawn, quality: quality, speed: settings.paletteSpeed, stop: stop)
            }
            return .mapped(drawn: drawn, mapped: mapped)
        }
    }

    /// The palette step, timed as `reduce`.
    private func onePalette<T>(_ body: () throws(CodecError) -> T) throws(CodecError) -> T {
        try settings.timings.measure(.reduce, body)
    }

    /// Every frame of `frames` drawn (over all the cores), for the quantizer, which reads
    /// them all before it maps any.
    static func drawn(_ frames: DrawnFrames, _ stop: StopCheck) throws(CodecError) -> [AnimationFrame] {
        try Parallel.map(frames.count, state: { frames.reader() }) {
            (index, reader: inout DrawnFrames.Reader) throws(CodecError) -> AnimationFrame in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            return AnimationFrame(image: try reader.image(at: index), duration: frames.duration(at: index))
        }
    }
}
