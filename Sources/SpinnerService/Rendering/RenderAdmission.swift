import SpinnerModel
import SpinnerRendering

/// Admission: a validated request planned and costed once, before any work, and either
/// refused (over the budget) or given the encode it is answered with first and the lane
/// its cost calls for.
struct RenderAdmission: Sendable {
    /// An admitted render.
    struct Admitted: Sendable {
        /// The URL's final encode (what the budget's rules admitted).
        let final: PreparedRender
        /// What it is answered with first: its provisional encode where the service makes
        /// them and it has one, else `final`.
        let first: PreparedRender
        /// The lane `first`'s estimate calls for.
        let lane: RenderLane
    }

    let renderer: SpinnerRenderer
    /// `ServiceConfiguration.provisionalAnswers`.
    let provisionalAnswers: Bool
    /// Renders estimated at most this long go to the quick lane (`ServiceConfiguration.quickRender`).
    let quickRender: Duration

    /// The most memory a final encode made behind a provisional answer may be estimated to
    /// take: each of the two final-encode threads adds at most this to the render threads'
    /// working sets (docs/deploying.md's sizing). The kinds' default APNGs are estimated at
    /// 46–56 MiB, a thorough 120 px dots APNG at 57; renders over it (very large frames) are
    /// answered by their final encode at once. 64 MiB.
    static let finalPeakBytes = 64 << 20

    /// `spinner` admitted, or the budget's refusal.
    func admit(_ spinner: SpinnerRequest) throws(RequestError) -> Admitted {
        let final = try renderer.prepare(spinner)
        let first = firstEncode(of: final)
        let lane: RenderLane = first.estimate.seconds <= quickRender.inSeconds ? .quick : .heavy
        return Admitted(final: final, first: first, lane: lane)
    }

    /// The encode a cold URL is answered with first: its provisional one, where the service
    /// makes them and the image has one whose final encode fits `finalPeakBytes`; else `final`.
    func firstEncode(of final: PreparedRender) -> PreparedRender {
        guard provisionalAnswers, final.estimate.peakBytes <= Self.finalPeakBytes,
              let provisional = renderer.provisional(of: final) else { return final }
        return provisional
    }
}
