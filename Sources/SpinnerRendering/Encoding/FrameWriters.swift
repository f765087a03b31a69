import ImageCodecs

/// One encoder a raster format, made from the one settings value: it writes the frames the
/// collector gives it. Adding a raster format is a writer here and a case in `for(_:)`.
protocol FrameWriter {
    /// Whether a lossy encode is mapped to one palette by the writer itself rather than by
    /// `FrameCollector`.
    static var mapsToOnePaletteItself: Bool { get }
    init(_ settings: EncodeSettings)
    func write(_ frames: CollectedFrames, stop: StopCheck) throws(CodecError) -> [UInt8]
}

extension FrameWriter {
    static var mapsToOnePaletteItself: Bool { false }
}

/// The writers, by format.
enum FrameWriters {
    /// The writer of `settings.format` (a raster format), or nil for the documents (SVG,
    /// Lottie, dotLottie), which their engines write from the scene.
    static func writer(for settings: EncodeSettings) -> (any FrameWriter)? {
        switch settings.format {
        case .png: PNGWriter(settings)
        case .apng: APNGWriter(settings)
        case .gif: GIFWriter(settings)
        case .webp: WebPWriter(settings)
        case .svg, .lottie, .dotlottie: nil
        }
    }
}

/// The frames a streaming encoder reads: as drawn, or mapped to one palette.
private func animation(_ frames: CollectedFrames) -> (any FrameSource)? {
    switch frames {
    case .streamed(let drawn): drawn
    case .mapped(_, let mapped): mapped
    case .still: nil
    }
}

struct PNGWriter: FrameWriter {
    let settings: EncodeSettings
    init(_ settings: EncodeSettings) { self.settings = settings }

    func write(_ frames: CollectedFrames, stop: StopCheck) throws(CodecError) -> [UInt8] {
        guard case .still(let image) = frames else { throw CodecError("a PNG is one still frame") }
        return try PNGEncoder.encode(image, effort: settings.effort, timings: settings.timings)
    }
}

struct APNGWriter: FrameWriter {
    let settings: EncodeSettings
    init(_ settings: EncodeSettings) { self.settings = settings }

    func write(_ frames: CollectedFrames, stop: StopCheck) throws(CodecError) -> [UInt8] {
        guard let deflate = settings.apngDeflate else { preconditionFailure("an APNG's estimate names its deflate") }
        guard let source = animation(frames) else { throw CodecError("an APNG is animated frames") }
        let encoder = APNGEncoder(loops: settings.loops, effort: settings.effort, maxBytes: settings.maxBytes, deflate: deflate,
                                  timings: settings.timings)
        return try encoder.encode(source, stop: stop)
    }
}

struct GIFWriter: FrameWriter {
    /// A GIF's lossy encode maps each frame itself: its 1-bit alpha and the LZW tolerance
    /// are chosen with the palette (`GIFEncoder.lossyQuality`).
    static var mapsToOnePaletteItself: Bool { true }
    let settings: EncodeSettings
    init(_ settings: EncodeSettings) { self.settings = settings }

    func write(_ frames: CollectedFrames, stop: StopCheck) throws(CodecError) -> [UInt8] {
        guard let source = animation(frames) else { throw CodecError("a GIF is animated frames") }
        let encoder = GIFEncoder(loops: settings.loops, matte: settings.matte, effort: settings.effort,
                                 lossyQuality: settings.lossyQuality, maxBytes: settings.maxBytes, timings: settings.timings)
        return try encoder.encode(source, stop: stop)
    }
}

struct WebPWriter: FrameWriter {
    let settings: EncodeSettings
    init(_ settings: EncodeSettings) { self.settings = settings }

    /// Lossless: the frames as drawn, at the settings' effort. Lossy: the smaller of two
    /// codings (issue 64: a lossy file is never larger than the lossless one). The frames
    /// mapped to one palette and coded losslessly (flat colours: a third to a half of the
    /// lossless file, where libwebp's lossy coding made four of the five defaults larger),
    /// at the thorough lossless settings whatever the effort: at the quick ones (method 0)
    /// dots' provisional answer at quality 80 was 193 988 B, larger than its kept lossless
    /// file (186 414 B); at the thorough ones 152 786 B. And libwebp's lossy coding of the
    /// frames as drawn (a gradient's: arc at quality 95, 22 336 B paletted, 19 864 B
    /// lossy, against 21 118 B lossless). Both together take about twice the quick
    /// lossless coding (`RenderCostModel.addLossyWork`).
    func write(_ frames: CollectedFrames, stop: StopCheck) throws(CodecError) -> [UInt8] {
        switch frames {
        case .streamed(let drawn):
            let encoder = WebPEncoder(loops: settings.loops, effort: settings.effort, searchesLonger: settings.searchesLonger,
                                      maxBytes: settings.maxBytes, timings: settings.timings)
            return try encoder.encode(drawn, stop: stop)
        case .mapped(let drawn, let mapped):
            let palettes = WebPEncoder(loops: settings.loops, effort: .thorough, searchesLonger: settings.searchesLonger,
                                       maxBytes: settings.maxBytes, timings: settings.timings)
            let paletted = try palettes.encode(mapped, stop: stop)
            guard let quality = settings.lossyQuality else { return paletted }
            let lossy = WebPEncoder(loops: settings.loops, effort: settings.effort, lossyQuality: quality,
                                    maxBytes: settings.maxBytes, timings: settings.timings)
            let coded = try lossy.encode(drawn, stop: stop)
            return coded.count < paletted.count ? coded : paletted
        case .still:
            throw CodecError("a WebP is animated frames")
        }
    }
}
