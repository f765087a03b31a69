import CImageQuant

/// Lossy colour reduction as pngquant makes it, through its library (libimagequant): every
/// frame of an animation mapped to one palette of at most 256 RGBA colours chosen for all
/// the frames together, without dithering (`ditheringLevel`). The encoders then store the few colours as they
/// would any image: an APNG or PNG takes a palette layout, a GIF's palette is exact.
///
/// `quality` (1–99) becomes pngquant's `--quality=0-Q` (`libimagequantQuality`): the
/// palette grows until the frames reach that quality, so a lower one keeps fewer colours
/// (smaller files, more banding).
public enum PaletteQuantizer {
    /// How strongly the quantization error is spread to neighbouring pixels, 0–1: none
    /// (pngquant's default is 1). Frames of an animation dithered shimmer where antialiased
    /// edges move, and the noise costs LZW and deflate their runs: at quality 80, the five
    /// defaults' GIFs came out 2–54 % larger at 1 than at 0 (circular 21 736 → 41 271 B),
    /// APNGs 1–15 %, and spinners are flat colours whose edges a palette holds anyway.
    static let ditheringLevel: Float = 0

    /// libimagequant's speed for an effort: its default (4) at `.thorough`, its fastest
    /// (10) at `.quick`.
    public static func speed(for effort: EncoderEffort) -> Int {
        effort == .thorough ? 4 : 10
    }

    /// The quality libimagequant is asked for at our `quality` (1–99): halfway from it to
    /// 100 (80 → 90). Its palette shared by every frame errs more than pngquant's of each
    /// frame alone at the same number: at 90 ours came out within the error of
    /// `pngquant --quality=0-80` (and `img2webp -lossy -q 80`, `gifsicle --lossy=80`) on
    /// most of the five kinds, and still smaller (docs/formats.md, "Lossy files").
    static func libimagequantQuality(_ quality: Int) -> Int {
        (quality + 100) / 2
    }

    /// `frames` (each read once, in order) mapped to one shared palette at `quality`
    /// (1–99). `speed` is libimagequant's 1 (slowest, best) to 10 (fastest)
    /// (`speed(for:)`). Each frame keeps its duration.
    public static func quantize<Frames: FrameSource>(_ frames: Frames, quality: Int, speed: Int,
                                                     stop: StopCheck = .never) throws(CodecError) -> [AnimationFrame] {
        let images = try quantize(try frames.images(stop: stop), quality: quality, speed: speed, stop: stop)
        return images.enumerated().map { AnimationFrame(image: $1, duration: frames.duration(at: $0)) }
    }

    /// `images` (all the same size) mapped to one shared palette at `quality` (1–99).
    public static func quantize(_ images: [RGBAImage], quality: Int, speed: Int, stop: StopCheck = .never) throws(CodecError) -> [RGBAImage] {
        precondition((1 ... 99).contains(quality), "quality is 1–99 (100 is lossless: nothing to quantize)")
        guard let first = images.first else { throw CodecError("no frames to quantize") }
        guard let attributes = liq_attr_create() else { throw CodecError("libimagequant: out of memory") }
        defer { liq_attr_destroy(attributes) }
        guard liq_set_quality(attributes, 0, Int32(libimagequantQuality(quality))) == LIQ_OK, liq_set_speed(attributes, Int32(speed)) == LIQ_OK,
              let histogram = liq_histogram_create(attributes) else {
            throw CodecError("libimagequant: cannot set quality \(quality) and speed \(speed)")
        }
        defer { liq_histogram_destroy(histogram) }
        for image in images {
            let status = try withImage(image, attributes) { liq_histogram_add_image(histogram, attributes, $0) }
            guard status == LIQ_OK else { throw CodecError("libimagequant: cannot add a frame (\(status.rawValue))") }
        }
        var quantized: OpaquePointer? = nil
        let status = liq_histogram_quantize(histogram, attributes, &quantized)
        guard status == LIQ_OK, let result = quantized else { throw CodecError("libimagequant: quantization failed (\(status.rawValue))") }
        defer { liq_result_destroy(result) }
        liq_set_dithering_level(result, ditheringLevel)
        guard let palette = liq_get_palette(result)?.pointee else { throw CodecError("libimagequant: no palette") }
        let entries = withUnsafeBytes(of: palette.entries) { Array($0.bindMemory(to: liq_color.self).prefix(Int(palette.count))) }
        // Remapped one frame at a time: a result dithers with state of its own.
        var mapped: [RGBAImage] = []
        mapped.reserveCapacity(images.count)
        for image in images {
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            var indices = [UInt8](repeating: 0, count: image.width * image.height)
            let written = try withImage(image, attributes) { liqImage in
                indices.withUnsafeMutableBytes { buffer in
                    guard let base = buffer.baseAddress else { return LIQ_OUT_OF_MEMORY }
                    return liq_write_remapped_image(result, liqImage, base, buffer.count)
                }
            }
            guard written == LIQ_OK else { throw CodecError("libimagequant: remapping failed (\(written.rawValue))") }
            var pixels = [UInt8](repeating: 0, count: indices.count * 4)
            for (pixel, entryIndex) in indices.enumerated() where Int(entryIndex) < entries.count {
                let entry = entries[Int(entryIndex)]
                guard entry.a > 0 else { continue }  // every clear pixel the one clear value
                (pixels[pixel * 4], pixels[pixel * 4 + 1], pixels[pixel * 4 + 2], pixels[pixel * 4 + 3]) = (entry.r, entry.g, entry.b, entry.a)
            }
            precondition(image.width == first.width && image.height == first.height, "frame sizes differ")
            mapped.append(RGBAImage(width: image.width, height: image.height, pixels: pixels))
        }
        return mapped
    }

    /// `body` with `image` as a libimagequant image, which reads the pixels in place.
    private static func withImage<Result>(_ image: RGBAImage, _ attributes: OpaquePointer,
                                          _ body: (OpaquePointer) -> Result) throws(CodecError) -> Result {
        let outcome: Result? = image.pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress,
                  let liqImage = liq_image_create_rgba(attributes, base, Int32(image.width), Int32(image.height), 0) else { return nil }
            defer { liq_image_destroy(liqImage) }
            return body(liqImage)
        }
        guard let outcome else { throw CodecError("libimagequant: cannot read a \(image.width)×\(image.height) frame") }
        return outcome
    }
}
