import ImageCodecs
import SpinnerModel

/// Everything a raster format's encoder is made from, in one value (gifski's shape:
/// settings → collector → writer): the request's output parameters, the estimate's
/// choices and the budget's bound. A new encoder option is a field here, read by the
/// writers that use it (`FrameWriters`) and, if it changes the frames, by `FrameCollector`.
struct EncodeSettings: Sendable {
    let format: OutputFormat
    /// Times the animation plays; 0: forever.
    let loops: Int
    let effort: EncoderEffort
    /// The largest file the budget lets out, in bytes.
    let maxBytes: Int
    /// 1–99: lossy, the frames mapped to one palette at this quality (by the collector, or
    /// by the GIF encoder itself); nil: lossless.
    let lossyQuality: Int?
    /// GIF: the page colour partial opacity is blended into; nil for a clear matte (`none`:
    /// no page colour is known, partial opacity is dithered).
    let matte: GIFEncoder.Matte?
    /// APNG: the deflate tiers (the estimate's, or zopfli's for a kind's default APNG kept
    /// exhaustively); nil for other formats.
    let apngDeflate: APNGDeflateTiers?
    /// WebP: the longer search of an encode behind a provisional answer.
    let searchesLonger: Bool
    let timings: PhaseTimes

    init(_ prepared: PreparedRender, budget: RenderBudget, timings: PhaseTimes) {
        let shared = prepared.request.shared
        format = prepared.request.format
        loops = shared.loops
        effort = prepared.estimate.effort
        maxBytes = budget.maxOutputBytes
        lossyQuality = shared.lossyQuality
        let color = shared.matte.resolved(for: shared.theme.fixed)
        matte = color.bytes.alpha == 0 ? nil : GIFEncoder.Matte(red: color.bytes.red, green: color.bytes.green, blue: color.bytes.blue)
        // The defaults are rendered ahead, where time is cheap and the bytes go to everyone:
        // the strongest deflate the cost allows. Anything else has a visitor waiting: the
        // cold tiers. Decided, and priced, with the estimate.
        apngDeflate = prepared.deflatesExhaustively ? .exhaustive : prepared.estimate.apngDeflate?.tiers
        searchesLonger = prepared.encodesBehind
        self.timings = timings
    }

    /// libimagequant's speed for this effort: its default (4) for a thorough encode, its
    /// fastest (10) for a quick one.
    var paletteSpeed: Int { PaletteQuantizer.speed(for: effort) }
}
