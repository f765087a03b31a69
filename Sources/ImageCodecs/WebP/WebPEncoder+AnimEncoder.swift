import CWebP

/// The animation through libwebp's own `WebPAnimEncoder`, apart from `encode`'s own
/// assembly of frames it plans (`WebPFramePlanner`).
extension WebPEncoder {
    /// The animation through `WebPAnimEncoder` itself, one frame after another: for one
    /// stored frame (it then also tries the whole canvas as a still image and keeps the
    /// smaller), and for tests, as the reference `encode` must match byte for byte.
    func throughAnimationEncoder<Frames: FrameSource>(_ frames: Frames, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        let ends = FrameDuration.wholeMilliseconds((0 ..< frames.count).map { frames.duration(at: $0) })
        var options = WebPAnimEncoderOptions()
        guard spinnerd_webp_anim_options_init(&options) != 0 else { throw CodecError("libwebp: version mismatch (WebPAnimEncoderOptions)") }
        options.anim_params.loop_count = Int32(loops)
        options.anim_params.bgcolor = 0x0000_0000
        options.allow_mixed = 0  // lossless only: spinners are flat colours and smooth edges
        var config = try Self.config(effort, lossyQuality: lossyQuality)
        let reader = frames.reader()
        let first = try reader.image(at: 0)
        guard let encoder = spinnerd_webp_anim_encoder_new(Int32(first.width), Int32(first.height), &options) else {
            throw CodecError("libwebp: WebPAnimEncoderNew failed (out of memory)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var start = 0
        for index in 0 ..< frames.count {
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            let image = index == 0 ? first : try reader.image(at: index)
            try timings.measure(.compress) { () throws(CodecError) in try add(image, at: start, to: encoder, config: &config) }
            start = Int(ends[index])
        }
        // The last frame's duration is the gap to this closing timestamp.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(start), nil) != 0 else { throw error(of: encoder, "closing") }
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
}
