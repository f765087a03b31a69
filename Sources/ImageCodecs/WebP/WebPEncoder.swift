import CWebP

/// Encodes frames and their durations as a lossless animated WebP (`image/webp`), with
/// full 8-bit alpha.
///
/// The result is what libwebp's `WebPAnimEncoder` makes of the frames, byte for byte,
/// but built so that every core works on it: `WebPFramePlanner` makes the encoder's
/// choices (each frame cropped to what changed, blending, disposal, identical frames
/// merged) from the pixels alone, each stored frame is then coded by libwebp's
/// `WebPEncode` (VP8L) apart from the others, and libwebpmux's `WebPMux` assembles the
/// RIFF container. `WebPAnimEncoder` itself encodes one frame after another on one core.
/// Frames are read in batches, so a `DrawnFrames` source holds a batch at a time.
public struct WebPEncoder: Sendable {
    /// How many times the animation plays; 0 plays forever (ANIM `loop_count`).
    public let loops: Int
    /// How hard to work for a smaller file. Default `.thorough`.
    public let effort: EncoderEffort
    /// Largest output allowed, in bytes; beyond, encoding stops with an error.
    public let maxBytes: Int
    /// Where the time goes, phase by phase. Default `.off`.
    public let timings: PhaseTimes

    /// At `.thorough` effort, code each stored frame a second time with `longerSettings`
    /// and keep the smaller bitstream: for a final encode nobody waits for (behind a
    /// provisional answer). Never larger than without; the coding takes
    /// `longerSearchCostRatio` times as long. Default false.
    public let searchesLonger: Bool

    /// libwebp's lossy quality (1–99) for the colours, the alpha kept lossless; nil (the
    /// default) codes every frame losslessly.
    public let lossyQuality: Int?

    public init(loops: Int = 0, effort: EncoderEffort = .thorough, searchesLonger: Bool = false, lossyQuality: Int? = nil,
                maxBytes: Int = .max, timings: PhaseTimes = .off) {
        precondition(lossyQuality.map { (1 ... 99).contains($0) } ?? true, "lossy quality is 1–99")
        self.searchesLonger = searchesLonger
        self.lossyQuality = lossyQuality
        precondition((0 ... 65535).contains(loops), "WebP loop counts are 16-bit")
        self.loops = loops
        self.effort = effort
        self.maxBytes = maxBytes
        self.timings = timings
    }

    /// libwebp's lossless `method` (0–6: how many ways it tries to predict and transform)
    /// and `quality` (0–100: how hard it searches for matches) for an effort, chosen by
    /// measurement (docs/formats.md, "WebP effort"). Method 4 at quality 50: a third less
    /// coding time than img2webp's default quality 75 on dots (the slowest cold WebP), no
    /// larger on four kinds and 0.3 % larger on arc, inside the 2 % a file may grow for
    /// speed. Methods 5–6 save 3 % for 1.3–1.5× the time and make arc larger still;
    /// method 3 is a fifth faster again but 9 % larger on dots; method 0 is 3× faster but
    /// 40 % larger. `.quick` (large animations, where time is what the budget binds) uses
    /// method 0: 2–3.5× faster there, and the file about as large as the APNG (methods 1–3
    /// were no faster than 4 on large frames: method 1 took twice as long on dots at 400 px).
    static func settings(_ effort: EncoderEffort, searchesLonger: Bool = false) -> (method: Int32, quality: Float) {
        switch effort {
        case .thorough: searchesLonger ? longerSettings : (4, 50)
        case .quick: (0, 50)
        }
    }

    /// The second coding of `searchesLonger`: method 4 at quality 75 (img2webp's default).
    /// Measured on the final encodes of arc (the defaults) and the other kinds in the dark
    /// theme, against quality 50 alone: arc 21 522 → 21 456 B, capsules 82 440 → 82 390,
    /// circular 72 782 → 72 778, dots 186 416 → 186 414. Method 5 saves 6 % more on dots
    /// for 1.7 times the coding, method 6 at quality 100 7 % for 13 times.
    static let longerSettings: (method: Int32, quality: Float) = (4, 75)

    /// What `searchesLonger` costs against the coding it adds to: the second coding takes
    /// 1.0–1.7 times the first (quality 75 against 50: 1 012 ms against 743 for the five
    /// defaults, docs/formats.md), so at most 2.7 times in all.
    public static let longerSearchCostRatio = 2.7

    /// Frames read, planned and coded at a time: enough to keep every core busy, few
    /// enough that little is held (up to 16 frames while they hold at most 1 M pixels).
    static func batchFrames(pixelsPerFrame: Int) -> Int {
        max(Parallel.cores, min(16, 1_000_000 / max(1, pixelsPerFrame)))
    }

    /// The WebP bytes of `frames` (at least one, all the same size). `stop` is asked
    /// between frames.
    public func encode<Frames: FrameSource>(_ frames: Frames, stop: StopCheck = .never) throws(CodecError) -> [UInt8] {
        guard frames.count > 0 else { throw CodecError("no frames to encode") }
        let ends = FrameDuration.wholeMilliseconds((0 ..< frames.count).map { frames.duration(at: $0) })
        let config = try Self.config(effort, lossyQuality: lossyQuality)
        let longer = searchesLonger && effort == .thorough && lossyQuality == nil ? try Self.config(effort, searchesLonger: true) : nil
        let timings = timings
        var planner: WebPFramePlanner? = nil
        var stored: [(frame: WebPFramePlanner.Frame, bitstream: [UInt8])] = []
        var storedBytes = 0
        var batchStart = 0
        while batchStart < frames.count {
            // The first frame alone tells the frame size, and with it the batch.
            let batchSize = planner.map { Self.batchFrames(pixelsPerFrame: $0.width * $0.height) } ?? 1
            let batch = batchStart ..< min(frames.count, batchStart + batchSize)
            batchStart = batch.upperBound
            let images = try Parallel.map(batch.count, state: { frames.reader() }) {
                (offset, reader: inout Frames.Reader) throws(CodecError) -> (pixels: [ARGB32], width: Int, height: Int) in
                do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
                let image = try reader.image(at: batch.lowerBound + offset)
                return (timings.measure(.reduce) { Self.argbWords(image) }, image.width, image.height)
            }
            var planned: [WebPFramePlanner.Frame] = []
            timings.measure(.plan) {
                for (offset, image) in images.enumerated() {
                    if planner == nil { planner = WebPFramePlanner(width: image.width, height: image.height) }
                    precondition(image.width == planner?.width && image.height == planner?.height, "frame sizes differ")
                    guard let decision = planner?.add(image.pixels, index: batch.lowerBound + offset) else { continue }
                    // The disposal of a frame is known once the next is planned.
                    if decision.disposePrevious {
                        if planned.isEmpty { stored[stored.count - 1].frame.disposeAfter = true } else { planned[planned.count - 1].disposeAfter = true }
                    }
                    planned.append(decision.frame)
                }
            }
            let toCode = planned
            let bitstreams = try Parallel.map(toCode.count, state: {}) { (index, _: inout Void) throws(CodecError) -> [UInt8] in
                do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
                return try timings.measure(.compress) { () throws(CodecError) in
                    let coded = try Self.bitstream(of: toCode[index], config: config)
                    guard let longer else { return coded }
                    let searched = try Self.bitstream(of: toCode[index], config: longer)
                    return searched.count < coded.count ? searched : coded
                }
            }
            for (frame, bitstream) in zip(toCode, bitstreams) {
                var coded = frame
                coded.pixels = []  // coded: only where it goes and how it combines is kept
                stored.append((coded, bitstream))
                storedBytes += bitstream.count
            }
            guard storedBytes <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        }
        guard let planner else { throw CodecError("no frames to encode") }
        // One stored frame: libwebp then also tries the frame as a still image; its own
        // encoder does that, on the one frame.
        if stored.count == 1 { return try throughAnimationEncoder(frames, stop: stop) }
        let bytes = try timings.measure(.mux) { () throws(CodecError) in
            try assemble(stored, ends: ends, width: planner.width, height: planner.height)
        }
        guard bytes.count <= maxBytes else { throw CodecError(tooLarge: maxBytes) }
        return bytes
    }

    /// The pixels of `image` as libwebp's `WebPPictureImportRGBA` lays them out.
    static func argbWords(_ image: RGBAImage) -> [ARGB32] {
        image.pixels.withUnsafeBytes { bytes in
            [ARGB32](unsafeUninitializedCapacity: image.width * image.height) { words, initialized in
                // A pixel's four bytes read as one little-endian word (0xAABBGGRR), red and
                // blue swapped: a third of the time of assembling the word byte by byte.
                for index in 0 ..< image.width * image.height {
                    let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                    words[index] = ARGB32(word: stored & 0xFF00_FF00 | (stored & 0xFF) << 16 | (stored >> 16) & 0xFF)
                }
                initialized = image.width * image.height
            }
        }
    }

    /// The lossless configuration for `effort`, validated.
    static func config(_ effort: EncoderEffort, searchesLonger: Bool = false, lossyQuality: Int? = nil) throws(CodecError) -> WebPConfig {
        var config = WebPConfig()
        guard spinnerd_webp_config_init(&config) != 0 else { throw CodecError("libwebp: version mismatch (WebPConfig)") }
        let settings = Self.settings(effort, searchesLonger: searchesLonger)
        config.lossless = 1
        config.method = settings.method
        config.quality = settings.quality
        if let lossyQuality {
            // Lossy colours (VP8) at the asked quality, sharp RGB→YUV conversion (saturated
            // colours keep their edges), and the alpha plane lossless: clear stays clear, so
            // frames still blend over the ones before exactly where nothing changed.
            config.lossless = 0
            config.quality = Float(lossyQuality)
            config.method = effort == .thorough ? 4 : 2
            config.use_sharp_yuv = 1
            config.alpha_compression = 1
            config.alpha_quality = 100
        }
        guard WebPValidateConfig(&config) != 0 else { throw CodecError("libwebp: invalid configuration") }
        return config
    }

    /// One stored frame coded by `WebPEncode`: a complete still WebP (RIFF, VP8L).
    private static func bitstream(of frame: WebPFramePlanner.Frame, config: WebPConfig) throws(CodecError) -> [UInt8] {
        var config = config
        var picture = WebPPicture()
        guard spinnerd_webp_picture_init(&picture) != 0 else { throw CodecError("libwebp: version mismatch (WebPPicture)") }
        var pixels = frame.pixels  // WebPEncode may rewrite the colour of clear pixels in place
        var memory = WebPMemoryWriter()
        WebPMemoryWriterInit(&memory)
        defer { WebPMemoryWriterClear(&memory) }
        let encoded = pixels.withUnsafeMutableBufferPointer { pixels in
            // An `ARGB32` is one `UInt32`: libwebp reads the words in place.
            pixels.withMemoryRebound(to: UInt32.self) { words in
                withUnsafeMutablePointer(to: &memory) { memory in
                    picture.use_argb = 1
                    picture.width = Int32(frame.rect.width)
                    picture.height = Int32(frame.rect.height)
                    picture.argb = words.baseAddress
                    picture.argb_stride = Int32(frame.rect.width)
                    picture.writer = WebPMemoryWrite
                    picture.custom_ptr = UnsafeMutableRawPointer(memory)
                    return WebPEncode(&config, &picture)
                }
            }
        }
        guard encoded != 0, let data = memory.mem else { throw CodecError("libwebp: WebPEncode failed (\(picture.error_code.rawValue))") }
        return Array(UnsafeBufferPointer(start: data, count: memory.size))
    }

    /// The animated file: every stored frame as an ANMF chunk, with its offset, duration
    /// (from its first input frame to the next stored one's, in the whole milliseconds
    /// of `ends`), blending and disposal; the canvas size and loop count.
    private func assemble(_ stored: [(frame: WebPFramePlanner.Frame, bitstream: [UInt8])],
                          ends: [Int64], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        guard let mux = spinnerd_webp_mux_new() else { throw CodecError("libwebp: WebPMuxNew failed (out of memory)") }
        defer { WebPMuxDelete(mux) }
        func start(_ input: Int) -> Int64 { input == 0 ? 0 : ends[input - 1] }
        for (index, entry) in stored.enumerated() {
            let next = index + 1 < stored.count ? start(stored[index + 1].frame.firstInput) : ends[ends.count - 1]
            let status = entry.bitstream.withUnsafeBufferPointer { bytes in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                info.id = WEBP_CHUNK_ANMF
                info.x_offset = Int32(entry.frame.rect.x)
                info.y_offset = Int32(entry.frame.rect.y)
                info.duration = Int32(next - start(entry.frame.firstInput))
                info.dispose_method = entry.frame.disposeAfter ? WEBP_MUX_DISPOSE_BACKGROUND : WEBP_MUX_DISPOSE_NONE
                info.blend_method = entry.frame.blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else { throw CodecError("libwebp: WebPMuxPushFrame failed (\(status.rawValue))") }
        }
        guard WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK else {
            throw CodecError("libwebp: WebPMuxSetCanvasSize failed")
        }
        var parameters = WebPMuxAnimParams(bgcolor: 0x0000_0000, loop_count: Int32(loops))  // transparent: what a page shows through
        guard WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK else {
            throw CodecError("libwebp: WebPMuxSetAnimationParams failed")
        }
        var data = WebPData()
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK, let bytes = data.bytes else { throw CodecError("libwebp: WebPMuxAssemble failed") }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }
}
