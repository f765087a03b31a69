import ImageCodecs

/// Which deflate compresses an APNG's rows, decided with its estimate
/// (`RenderCostModel.estimate`) and priced there: by encoder effort, and by whether the
/// URL is a kind's defaults, rendered ahead (`SpinnerRequest.isRenderedAhead`).
public enum APNGDeflatePlan: Hashable, Sendable {
    /// `.quick` effort: every row by libdeflate level 6, whatever the URL (the encoder
    /// reads no tiers then).
    case quick
    /// A kind's defaults at `.thorough` effort: libdeflate level 12 up to `strongestBytes`
    /// bytes of rows (more than `APNGEncoder.standardStrongestBytes` when the render, that
    /// work counted, still takes under a second), zlib level 9 beyond.
    case ahead(strongestBytes: Int)
    /// Any other URL's final encode made behind its provisional answer
    /// (`SpinnerRenderer.behindProvisional(_:)`): nobody waits for it, so it gets what a
    /// kind's defaults get (level 12 up to `strongestBytes` bytes of rows, priced the same
    /// way, every frame's filters ranked) but not zopfli.
    case behind(strongestBytes: Int)
    /// Every other URL at `.thorough` effort: `APNGDeflateTiers.cold` (libdeflate level 12
    /// up to 300 000 bytes of rows, level 10 up to 700 000, level 9 beyond).
    case cold

    /// True for a kind's defaults (`ahead`): their final encode, as the service keeps it,
    /// is exhaustive (`SpinnerRenderer.exhaustive(_:)`) and so always answered
    /// provisionally first.
    var keepsExhaustive: Bool {
        if case .ahead = self { true } else { false }
    }

    /// The tiers the encoder is given (unread at `.quick` effort).
    var tiers: APNGDeflateTiers {
        switch self {
        case .quick: .cold
        case .ahead(let strongestBytes), .behind(let strongestBytes): .ahead(strongestBytes: strongestBytes)
        case .cold: .cold
        }
    }
}
