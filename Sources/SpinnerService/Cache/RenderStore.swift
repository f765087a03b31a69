import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// Where finished renders go: into the cache (a provisional answer only while no final one
/// is there), and, behind a provisional answer, the final encode that replaces it, queued in
/// the scheduler's final lanes (threads of their own at the lowest CPU share).
final class RenderStore: Sendable {
    private let cache: ByteBoundedLRU<Representation>
    /// Where the final encodes behind provisional answers are queued
    /// (`ServiceConfiguration.provisionalAnswers`).
    private let scheduler: RenderScheduler
    private let renderer: SpinnerRenderer
    /// Makes an image's representation (the HTTP the cache keeps).
    private let answers: RenderAnswers
    private let metrics: Metrics
    /// Draws and encodes a prepared render (the renderer's, or a test's).
    private let draw: @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage
    private let log: @Sendable (String) -> Void

    init(cache: ByteBoundedLRU<Representation>, renderer: SpinnerRenderer, answers: RenderAnswers,
         scheduler: RenderScheduler, metrics: Metrics, draw: @escaping @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage,
         log: @escaping @Sendable (String) -> Void) {
        self.cache = cache
        self.renderer = renderer
        self.answers = answers
        self.metrics = metrics
        self.draw = draw
        self.log = log
        self.scheduler = scheduler
    }

    /// `image` cached for `key` (a provisional one only while no final one is cached), its
    /// entity tag with the URL's `version`; the representation answered: the one stored, or
    /// the final one that stayed.
    @discardableResult
    func store(_ image: RenderedImage, key: String, pass: RenderPass, version: String) -> Representation {
        let representation = answers.representation(of: image, pass: pass, version: version)
        let cost = representation.cost + key.utf8.count
        guard pass == .provisional else {
            cache.insert(representation, cost: cost, for: key)
            return representation
        }
        return cache.insert(representation, cost: cost, for: key, unlessKept: { $0.isFinal }) ?? representation
    }

    /// Queues the final encode of `key` behind its provisional answer: it replaces that
    /// answer in the cache when done (even if the provisional one was evicted meanwhile).
    /// A kind's default APNG is compressed exhaustively there, any other APNG with the
    /// strongest deflate its cost allows (`SpinnerRenderer.behindProvisional`).
    func queueFinal(_ final: PreparedRender, key: String) {
        let kept = renderer.exhaustive(renderer.behindProvisional(final))
        // The exhaustive (zopfli) encodes, tens of seconds of one core each, in a lane of their
        // own: they would otherwise hold up every other final encode behind them.
        let submission = scheduler.submitFinal(key: key, exhaustive: kept.deflatesExhaustively,
                                               estimate: Duration(clampedSeconds: kept.estimate.seconds),
                                               bytes: kept.estimate.workingBytes) { [self] stop in
            do throws(RenderError) {
                let image = fewestBytes(try draw(kept, stop), key: key)
                store(image, key: key, pass: .final, version: kept.request.shared.version)
                metrics.finalRendered(format: kept.request.format)
            } catch {
                if case .stopped = error {
                    metrics.finalNotStored(reason: .stopped)
                } else {
                    metrics.finalNotStored(reason: .failed)
                    log("final encode failed for \(key.prefix(300)): \(error)")
                }
            }
        }
        if submission == .full { metrics.finalDropped() }
    }

    /// The final encode `image`, or the provisional answer cached for `key` when that is
    /// smaller: a URL's final file is never larger than its first answer (issue 64). The
    /// thorough encode is almost always the smaller, not always: dots' APNG at quality 50
    /// was 124 267 B provisional and 124 752 B final, arc's at quality 95 16 168 and 16 469.
    /// The provisional bytes are the same request's, encoded with less search; kept as the
    /// final they are cached as final. A provisional answer evicted before its final encode
    /// ends is not compared (its size is not kept).
    private func fewestBytes(_ image: RenderedImage, key: String) -> RenderedImage {
        guard let answered = cache.value(for: key), !answered.isFinal, answered.bodyLength < image.bytes.count,
              let bytes = answered.body() else { return image }
        return RenderedImage(bytes: bytes, format: image.format)
    }
}
