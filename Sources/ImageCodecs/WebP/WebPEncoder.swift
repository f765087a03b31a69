import CWebP

/// Encodes frames and their durations as a lossless animated WebP (`image/webp`), with
/// full 8-bit alpha.
///
/// libwebp's `WebPAnimEncoder` does the work: it crops every frame to the rectangle that
/// changed, picks blending and disposal, lengthens the previous frame instead of storing
/// an identical one, and assembles the RIFF container. Frames are read one at a time, so
/// a `DrawnFrames` source holds one frame at a time here (libwebp keeps two canvases).
public struct WebPEncoder: Sendable {
    /// How many times the animation plays; 0 plays forever (ANIM `loop_count`).
    public let loops: Int
    /// How hard to work for a smaller file. Default `.thorough`.
    public let effort: EncoderEffort
    /// Largest output allowed, in bytes; beyond, encoding stops with an error.
    public let maxBytes: Int

    public init(loops: Int = 0, effort: EncoderEffort = .thorough, maxBytes: Int = .max) {
        precondition((0 ... 65535).contains(loops), "WebP loop counts are 16-bit")
        self.loops = loops
        self.effort = effort
        self.maxBytes = maxBytes
    }

    /// libwebp's lossless `method` (0–6: how many ways it tries to predict and transform)
    /// and `quality` (0–100: how hard it searches for matches) for an effort, chosen by
    /// measurement (README, "WebP effort"). Method 4 at quality 75, img2webp's default:
    /// the same bytes as libwebp's own tool on the same frames. Quality 50 was a quarter
    /// faster and no larger on four kinds, but 0.3 % larger on arc. Methods 5–6 save 3 %
    /// for 1.3–1.5× the time and make arc larger still; method 0 is 3× faster but 40 %
    /// larger. `.quick`
    /// (large animations, where time is what the budget binds) uses method 0: 2–3.5× faster
    /// there, and the file about as large as the APNG (methods 1–3 were no faster than 4
    /// on large frames: method 1 took twice as long on dots at 400 px).
    static func settings(_ effort: EncoderEffort) -> (method: Int32, quality: Float) {
        switch effort {
        case .thorough: (4, 75)
        case .quick: (0, 50)
        }
    }

    /// The WebP bytes of `frames` (at least one, all the same size). `stop` is asked
    /// between frames.
    public func encode(_ frames: some FrameSource, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        guard frames.count > 0 else { throw CodecError("no frames to encode") }
        let reader = frames.reader()
        let first = try reader.image(at: 0)
        let (width, height) = (first.width, first.height)
        let ends = FrameDuration.wholeMilliseconds((0 ..< frames.count).map { frames.duration(at: $0) })

        var options = WebPAnimEncoderOptions()
        guard spinnerd_webp_anim_options_init(&options) != 0 else { throw CodecError("libwebp: version mismatch (WebPAnimEncoderOptions)") }
        options.anim_params.loop_count = Int32(loops)
        options.anim_params.bgcolor = 0x0000_0000  // transparent: what a page shows through
        options.allow_mixed = 0  // lossless only: spinners are flat colours and smooth edges
        var config = WebPConfig()
        guard spinnerd_webp_config_init(&config) != 0 else { throw CodecError("libwebp: version mismatch (WebPConfig)") }
        let settings = Self.settings(effort)
        config.lossless = 1
        config.method = settings.method
        config.quality = settings.quality
        guard WebPValidateConfig(&config) != 0 else { throw CodecError("libwebp: invalid configuration") }
        guard let encoder = spinnerd_webp_anim_encoder_new(Int32(width), Int32(height), &options) else {
            throw CodecError("libwebp: WebPAnimEncoderNew failed (out of memory)")
        }
        defer { WebPAnimEncoderDelete(encoder) }

        var start = 0
        for index in 0 ..< frames.count {
            try check(stop)
            let image = index == 0 ? first : try reader.image(at: index)
            precondition(image.width == width && image.height == height, "frame sizes differ")
            try add(image, at: start, to: encoder, config: &config)
            start = Int(ends[index])
        }
        // The last frame's duration is the gap to this closing timestamp.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(start), nil) != 0 else { throw error(of: encoder, "closing") }
        try check(stop)
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw error(of: encoder, "assembling") }
        defer { WebPDataClear(&data) }
        guard data.size <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        guard let bytes = data.bytes else { throw CodecError("libwebp: empty output") }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// Hands one frame, shown from `timestamp` ms, to the encoder (which copies it).
    private func add(_ image: RGBAImage, at timestamp: Int, to encoder: OpaquePointer, config: inout WebPConfig) throws(CodecError) {
        var picture = WebPPicture()
        guard spinnerd_webp_picture_init(&picture) != 0 else { throw CodecError("libwebp: version mismatch (WebPPicture)") }
        picture.use_argb = 1  // lossless works on ARGB
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else { throw CodecError("libwebp: WebPPictureImportRGBA failed (out of memory)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw error(of: encoder, "adding a frame (\(picture.error_code.rawValue))")
        }
    }

    private func error(of encoder: OpaquePointer, _ step: String) -> CodecError {
        let message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown"
        return CodecError("libwebp: \(step): \(message)")
    }

    private func check(_ stop: StopCheck) throws(CodecError) {
        do { try stop.check() } catch { throw CodecError(stopped: error) }
    }
}
