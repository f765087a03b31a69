import Concurrency
import HTTPServer
import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// What happens to an image that is not cached: its cost is estimated before any work (and
/// refused over the budget), it joins the render already in flight for it or starts one in
/// the lane its cost calls for, its waiters can leave (the render is dropped or stopped
/// when none are left), a deadline stops runaway work, and the finished image is cached.
final class RenderDispatcher: Sendable {
    /// A finished render or why there is none, shared by everyone who waited for it.
    enum Outcome: Sendable {
        case image(Representation)
        case refused(RequestError)
        /// The render failed: the client gets the failure's id, the log its internal text.
        case failed(RenderFailure)
        case busy(RenderLane, RenderScheduler.Refusal)
        case timedOut
        /// Nobody waits for it any more (never read).
        case cancelled
    }

    private let renderer: SpinnerRenderer
    private let scheduler: RenderScheduler
    /// The final encodes behind provisional answers (`ServiceConfiguration.provisionalAnswers`).
    private let finals: FinalRenders
    /// The kinds' default APNGs' exhaustive (zopfli) final encodes, on a thread of their
    /// own: tens of seconds of one core each, they would otherwise hold up every other
    /// final encode behind them (a queue does not preempt the job it runs), for minutes
    /// on a busy machine.
    private let exhaustiveFinals: FinalRenders
    /// Final encodes that may run at once: one on each of the two threads above.
    static let finalThreads = 2
    private let flights = RenderFlights<Outcome>()
    private let cache: ByteBoundedLRU<Representation>
    private let metrics: Metrics
    private let configuration: ServiceConfiguration
    private let problems: ProblemDetails
    private let clock = SystemClock()
    /// Under a memory limit, the working memory every render and final encode takes
    /// before it starts (`ServiceConfiguration.renderMemoryBytes`); nil: no limit.
    let memory: MemoryGate?
    /// Draws and encodes a prepared render (the renderer's; a test may give one that fails).
    private let draw: @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage
    /// Where a render's internal failure is written, with the id its client was given.
    private let log: @Sendable (String) -> Void

    init(configuration: ServiceConfiguration, cache: ByteBoundedLRU<Representation>, metrics: Metrics,
         log: @escaping @Sendable (String) -> Void = { _ in },
         draw: (@Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage)? = nil) {
        self.configuration = configuration
        self.problems = ProblemDetails(errorMaxAge: configuration.errorMaxAge)
        let renderer = SpinnerRenderer(budget: configuration.budget)
        self.renderer = renderer
        if let draw {
            self.draw = draw
        } else {
            self.draw = { (prepared: PreparedRender, stop: StopCheck) throws(RenderError) -> RenderedImage in
                try renderer.render(prepared, stop: stop)
            }
        }
        self.log = log
        memory = configuration.renderMemoryBytes.map { MemoryGate(capacity: $0, small: MemoryPlan.smallClaims) }
        self.scheduler = RenderScheduler(limits: configuration.lanes, memory: memory,
                                         waitLimitMilliseconds: configuration.renderWait.wholeMilliseconds)
        self.finals = FinalRenders(limit: max(1, configuration.finalQueue), memory: memory)
        self.exhaustiveFinals = FinalRenders(limit: 16, threadName: "render-final-z", memory: memory)
        self.cache = cache
        self.metrics = metrics
    }

    /// Renders waiting, by lane.
    var queued: [RenderLane: Int] { Dictionary(uniqueKeysWithValues: RenderLane.allCases.map { ($0, scheduler.depth($0)) }) }
    /// Renders queued or running.
    var inFlight: Int { flights.count }

    /// The answer to `request` for the uncached image `spinner` (cache key `key`).
    func answer(_ spinner: SpinnerRequest, key: String, to request: HTTPRequest) -> HTTPAnswer {
        // Planned and costed once, here; the lane's thread draws what was planned.
        let final: PreparedRender
        do {
            final = try renderer.prepare(spinner)
        } catch {
            metrics.refusedByBudget()
            return .now(Self.response(for: .refused(error), to: request, problems: problems))
        }
        // Admitted as its final encode (the budget's rules); answered by its provisional
        // one first where it has one, priced and laned as such.
        let prepared = firstEncode(of: final)
        let estimate = prepared.estimate
        let lane: RenderLane = estimate.seconds <= configuration.quickRender.inSeconds ? .quick : .heavy
        let pending = PendingResponse()
        let metrics = self.metrics
        let problems = self.problems
        let joined = flights.join(key) { outcome in
            let response = Self.response(for: outcome, to: request, problems: problems)
            metrics.request(route: .spinner, status: response.status)
            pending.send(response)
        }
        // The client left (its connection closed): when it was the last to wait, the render
        // is cancelled — dropped from its queue now, or stopped at its next frame.
        pending.whenCancelled { [flights, scheduler] in
            if flights.leave(key, flight: joined.flight, waiter: joined.waiter) {
                metrics.cancelledRender()
                scheduler.purgeCancelled()
            }
        }
        guard joined.first else {
            metrics.coalescedRender()
            // A default still waiting to be rendered in the background: someone wants it now.
            scheduler.promote(key)
            return .later(pending)
        }
        let flight = joined.flight
        // Waited as long as a render may for a thread and memory: 503, like a full queue.
        let needs = RenderScheduler.Needs(bytes: estimate.workingBytes) { [flights, metrics] in
            metrics.rejectedRender(lane: lane, reason: .waitedTooLong)
            flights.finish(key, flight: flight, with: .busy(lane, .waitedTooLong))
        }
        let refusal = scheduler.submit(lane, client: request.client.map { RenderClient(UInt64($0.value)) }, key: key, estimate: estimate.seconds, needs: needs,
                                       isCancelled: { flight.cancellation.isCancelled }) { [self] waited in
            metrics.started(lane: lane, waited: Double(waited) / 1000)
            flight.cancellation.start(within: configuration.renderTimeout.wholeMilliseconds)
            let outcome = render(prepared, key: key, lane: lane, stop: flight.cancellation.stopCheck, final: final)
            flights.finish(key, flight: flight, with: outcome)
        }
        if let refusal {
            metrics.rejectedRender(lane: lane, reason: refusal)
            flights.finish(key, flight: flight, with: .busy(lane, refusal))
        }
        return .later(pending)
    }

    /// Renders `images` (requests with their cache keys) in the background of the quick
    /// lane, one at a time and only while no request waits, and caches them: the catalog's
    /// defaults at start, so their first visitors find them ready. A request for one of
    /// them joins its render (and moves it ahead); those already cached, in flight or
    /// refused by the budget are skipped.
    func prerender(_ images: [(request: SpinnerRequest, key: String)]) {
        for (spinner, key) in images where cache.value(for: key) == nil {
            guard let final = try? renderer.prepare(spinner) else { continue }
            let prepared = firstEncode(of: final)
            // Nobody waits; the flight is there so that requests can join it.
            let joined = flights.join(key) { _ in }
            guard joined.first else { continue }
            let flight = joined.flight
            // Expires only once a request has promoted it (and so waits for it).
            let needs = RenderScheduler.Needs(bytes: prepared.estimate.workingBytes) { [flights, metrics] in
                metrics.rejectedRender(lane: .quick, reason: .waitedTooLong)
                flights.finish(key, flight: flight, with: .busy(.quick, .waitedTooLong))
            }
            scheduler.submitBackground(.quick, key: key, estimate: prepared.estimate.seconds, needs: needs) { [self] _ in
                flight.cancellation.start(within: configuration.renderTimeout.wholeMilliseconds)
                let outcome = render(prepared, key: key, lane: .quick, stop: flight.cancellation.stopCheck, prerendered: true,
                                     final: final)
                flights.finish(key, flight: flight, with: outcome)
            }
        }
    }

    /// Background renders (`prerender`) not finished yet.
    var prerendersPending: Int { scheduler.backgroundPending }

    /// Final encodes waiting or running behind provisional answers.
    var finalsPending: Int { finals.pending + exhaustiveFinals.pending }

    /// Drops what waits and ends the render threads (after the server drained); a final
    /// encode running stops at its next frame.
    /// Returns how many final encodes were left unfinished.
    @discardableResult
    func stop() -> Int {
        scheduler.stop()
        return finals.stop() + exhaustiveFinals.stop()
    }

    /// The most memory a final encode made behind a provisional answer may be estimated to
    /// take: each of the two final-encode threads adds at most this to the render threads'
    /// working sets (docs/deploying.md's sizing). The kinds' default APNGs are estimated at
    /// 46–56 MiB, a thorough 120 px dots APNG at 57; renders over it (very large frames) are
    /// answered by their final encode at once. 64 MiB.
    static let finalPeakBytes = 64 << 20

    /// The encode a cold URL is answered with first: its provisional one, where the service
    /// makes them and the image has one whose final encode fits `finalPeakBytes`; else `final`.
    private func firstEncode(of final: PreparedRender) -> PreparedRender {
        guard configuration.provisionalAnswers, final.estimate.peakBytes <= Self.finalPeakBytes,
              let provisional = renderer.provisional(of: final) else { return final }
        return provisional
    }

    /// A provisional answer for `key` is cached (or was, before an eviction) and read: its
    /// final encode is queued unless it already waits or runs (a queue that was full when
    /// the answer was made dropped it).
    func ensureFinal(_ spinner: SpinnerRequest, key: String) {
        guard configuration.provisionalAnswers, !finals.isPending(key), !exhaustiveFinals.isPending(key),
              let final = try? renderer.prepare(spinner) else { return }
        queueFinal(final, key: key)
    }

    /// Queues the final encode of `key` behind its provisional answer: it replaces that
    /// answer in the cache when done (even if the provisional one was evicted meanwhile).
    /// A kind's default APNG is compressed exhaustively there.
    private func queueFinal(_ final: PreparedRender, key: String) {
        let kept = renderer.exhaustive(final)
        let queue = kept.deflatesExhaustively ? exhaustiveFinals : finals
        let submission = queue.submit(key: key, estimate: kept.estimate.seconds, bytes: kept.estimate.workingBytes) { [self] stop in
            do throws(RenderError) {
                let image = try draw(kept, stop)
                store(image, key: key, pass: .final)
                metrics.finalRendered(format: kept.request.format.rawValue)
            } catch {
                if case .stopped = error {
                    metrics.finalNotStored(reason: "stopped")
                } else {
                    metrics.finalNotStored(reason: "failed")
                    log("final encode failed for \(key.prefix(300)): \(error)")
                }
            }
        }
        if submission == .full { metrics.finalDropped() }
    }

    /// `image` cached for `key` (a provisional one only while no final one is cached); the
    /// representation answered: the one stored, or the final one that stayed.
    @discardableResult
    private func store(_ image: RenderedImage, key: String, pass: RenderPass) -> Representation {
        var extra: [(HTTPFieldName, String)] = []
        if image.format == .svg { extra.append((.contentSecurityPolicy, ServiceHeaders.svgPolicy)) }
        let representation = Representation(mediaType: image.mediaType, body: image.bytes,
                                            cacheControl: pass == .final ? ServiceHeaders.immutable : ServiceHeaders.provisional,
                                            extraHeaders: extra, files: configuration.bodyFiles, isFinal: pass == .final)
        let cost = representation.cost + key.utf8.count
        guard pass == .provisional else {
            cache.insert(representation, cost: cost, for: key)
            return representation
        }
        return cache.insert(representation, cost: cost, for: key, unlessKept: { $0.isFinal }) ?? representation
    }

    /// Renders on a lane's thread and caches the result; `prerendered` for background work
    /// (counted apart from renders for requests). A provisional render queues `final`, the
    /// encode that replaces it.
    private func render(_ prepared: PreparedRender, key: String, lane: RenderLane, stop: StopCheck,
                        prerendered: Bool = false, final: PreparedRender) -> Outcome {
        let started = clock.milliseconds()
        let format = prepared.request.format
        do {
            let image = try draw(prepared, stop)
            let seconds = Double(clock.milliseconds() - started) / 1000
            if prerendered {
                metrics.prerendered(format: format.rawValue)
            } else {
                metrics.rendered(format: format.rawValue, lane: lane, seconds: seconds, estimated: prepared.estimate.seconds)
            }
            let representation = store(image, key: key, pass: prepared.pass)
            // Queued once the provisional answer is cached, whether or not its visitor is
            // still connected: the URL was asked for, and its next visitors and fronts should
            // get the final bytes. A provisional render cut short queues nothing.
            if prepared.pass == .provisional && !representation.isFinal { queueFinal(final, key: key) }
            return .image(representation)
        } catch {
            switch error {
            case .request(let refused): return .refused(refused)
            case .stopped(.timedOut):
                metrics.timedOutRender()
                return .timedOut
            case .stopped(.cancelled): return .cancelled  // nobody waits to read it
            default:
                // The client learns that it failed and the id; the log gets what failed.
                let failure = RenderFailure(internalText: "\(error)")
                metrics.failedRender()
                log("render failed [error \(failure.id)] for \(key.prefix(300)): \(failure.internalText.prefix(1000))")
                return .failed(failure)
            }
        }
    }

    private static func response(for outcome: Outcome, to request: HTTPRequest, problems: ProblemDetails) -> HTTPResponse {
        switch outcome {
        case .image(let representation):
            return representation.response(to: request, note: "cache=miss")
        case .refused(let error):
            return problems.response(for: error)
        case .failed(let failure):
            return problems.response(status: 500, title: "Render failed",
                                     detail: "The image could not be rendered; the service's log has what failed under this "
                                         + "error's id (\(failure.id)).",
                                     errorID: failure.id)
        case .cancelled:
            return problems.response(status: 503, title: "Render cancelled", detail: "Nobody waited for the image any more.",
                                     headers: [(.retryAfter, "1")])
        case .busy(let lane, .clientLimit):
            return problems.response(status: 503, title: "Busy",
                                     detail: "Your address already has its share of costly renders (\(lane.name) lane) in progress; retry shortly.",
                                     headers: [(.retryAfter, "1")])
        case .busy(let lane, .queueFull):
            return problems.response(status: 503, title: "Busy", detail: "The \(lane.name) render queue is full; retry shortly.",
                                     headers: [(.retryAfter, "1")])
        case .busy(let lane, .waitedTooLong):
            return problems.response(status: 503, title: "Busy",
                                     detail: "The render waited in the \(lane.name) lane as long as a render may for a thread "
                                         + "and memory; retry shortly.",
                                     headers: [(.retryAfter, "2")])
        case .timedOut:
            return problems.response(status: 503, title: "Render timed out",
                                     detail: "The image took longer than the render deadline; retry shortly or ask for less.",
                                     headers: [(.retryAfter, "2")])
        }
    }
}
