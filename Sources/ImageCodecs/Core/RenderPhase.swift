/// The steps a raster render goes through, for measuring where its time goes
/// (`PhaseTimes`, `spinnerd render --timings`, `make bench`).
public enum RenderPhase: Int, CaseIterable, Sendable {
    /// Drawing frames (Cairo) and copying them out.
    case draw
    /// Reducing pixels to what the format stores: the colour census and layout, GIF's
    /// 1-bit alpha and palette, merging identical frames.
    case reduce
    /// Choosing how each frame is stored: its rectangle, disposal and blending, ranked by
    /// quick size estimates.
    case plan
    /// PNG row filters, chosen by trial compression.
    case filter
    /// The compression that is written: deflate (PNG, APNG), LZW (GIF), VP8L (WebP).
    case compress
    /// Assembling the file: chunks, headers, container.
    case mux

    /// The name printed in reports.
    public var name: String {
        switch self {
        case .draw: "draw"
        case .reduce: "reduce"
        case .plan: "plan"
        case .filter: "filter"
        case .compress: "compress"
        case .mux: "mux"
        }
    }
}
