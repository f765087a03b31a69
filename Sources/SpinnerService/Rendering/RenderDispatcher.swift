import Concurrency
import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// What happens to an image that is not cached, in three rooms: `RenderAdmission` (its cost
/// estimated before any work, refused over the budget, or given its lane), flights (one
/// render for everyone who asks for the image; its waiters can leave, and it is dropped or
/// stopped when none are left; a deadline stops runaway work) and `RenderStore` (into the
/// cache, with the final encode behind a provisional answer). Knows nothing of HTTP: the
/// service makes the answer of the outcome (`RenderAnswers.response(for:to:)`).
final class RenderDispatcher: Sendable {
    private let admission: RenderAdmission
    private let scheduler: RenderScheduler
    private let flights = RenderFlights<RenderOutcome>()
    private let store: RenderStore
    /// The renders visitors wait for, which the final encodes step aside for.
    private let visitors: VisitorRenders
    private let cache: ByteBoundedLRU<Representation>
    private let metrics: Metrics
    /// A render still running after this long is stopped (`ServiceConfiguration.renderTimeout`).
    private let renderTimeout: Duration
    private let clock = SystemClock()
    /// Under a memory limit, the working memory every render and final encode takes
    /// before it starts (`ServiceConfiguration.renderMemoryBytes`); nil: no limit.
    let memory: MemoryGate?
    /// Draws and encodes a prepared render (the renderer's; a test may give one that fails).
    private let draw: @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage
    /// Where a render's internal failure is written, with the id its client was given.
    private let log: @Sendable (String) -> Void

    init(configuration: ServiceConfiguration, cache: ByteBoundedLRU<Representation>, answers: RenderAnswers, metrics: Metrics,
         log: @escaping @Sendable (String) -> Void = { _ in },
         draw: (@Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage)? = nil) {
        let renderer = SpinnerRenderer(budget: configuration.budget)
        // Not `draw ?? { … }`: the release compiler (6.3.1) crashed lowering a typed-throws
        // closure as the right side of `??`.
        let drawing: @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage
        if let draw {
            drawing = draw
        } else {
            drawing = { (prepared: PreparedRender, stop: StopCheck) throws(RenderError) -> RenderedImage in
                try renderer.render(prepared, stop: stop)
            }
        }
        self.draw = drawing
        self.log = log
        admission = RenderAdmission(renderer: renderer, provisionalAnswers: configuration.provisionalAnswers,
                                    quickRender: configuration.quickRender)
        renderTimeout = configuration.renderTimeout
        let memory = configuration.renderMemoryBytes.map { MemoryGate(capacity: $0, small: MemoryPlan.smallClaims) }
        self.memory = memory
        // The final encodes step aside while the renders visitors wait for run, and take at
        // most `--background-cpu` together.
        let visitors = VisitorRenders()
        self.visitors = visitors
        let scheduler = RenderScheduler(limits: configuration.lanes, memory: memory, waitLimit: configuration.queueTimeout,
                                        visitors: visitors, cpu: configuration.backgroundCores.map { BackgroundCPU(cores: $0) })
        self.scheduler = scheduler
        store = RenderStore(cache: cache, renderer: renderer, answers: answers, scheduler: scheduler,
                            metrics: metrics, draw: drawing, log: log)
        self.cache = cache
        self.metrics = metrics
    }

    /// Renders waiting, by lane.
    var queued: [RenderLane: Int] { Dictionary(uniqueKeysWithValues: RenderLane.allCases.map { ($0, scheduler.depth($0)) }) }
    /// Renders queued or running.
    var inFlight: Int { flights.count }

    /// Starts the render of the uncached image `spinner` (cache key `key`) asked for by
    /// `client`, or joins the one in flight; `waiter` gets its outcome once, from any thread
    /// (possibly before this returns).
    func start(_ spinner: SpinnerRequest, key: String, client: RenderClient?,
               waiter: @escaping @Sendable (RenderOutcome) -> Void) -> RenderStart {
        let admitted: RenderAdmission.Admitted
        do throws(RequestError) {
            admitted = try admission.admit(spinner)
        } catch {
            metrics.refusedByBudget()
            return .refused(error)
        }
        let joined = flights.join(key, waiter: waiter)
        // The client left (its connection closed): when it was the last to wait, the render
        // is cancelled — dropped from its queue now, or stopped at its next frame.
        let leave: @Sendable () -> Void = { [flights, scheduler, metrics] in
            if flights.leave(key, flight: joined.flight, waiter: joined.waiter) {
                metrics.stoppedRender(.clientGone)
                scheduler.purgeCancelled()
            }
        }
        guard joined.first else {
            metrics.coalescedRender()
            // A default still waiting to be rendered in the background: someone wants it now.
            scheduler.promote(key)
            return .waiting(leave: leave)
        }
        if let refusal = submit(admitted, in: admitted.lane, key: key, flight: joined.flight, client: client, background: false) {
            metrics.rejectedRender(lane: admitted.lane, reason: refusal)
            flights.finish(key, flight: joined.flight, with: .busy(admitted.lane, refusal))
        }
        return .waiting(leave: leave)
    }

    /// Renders `images` (requests with their cache keys) in the background of the quick
    /// lane, one at a time and only while no request waits, and caches them: the catalog's
    /// defaults at start, so their first visitors find them ready. A request for one of
    /// them joins its render (and moves it ahead); those already cached, in flight or
    /// refused by the budget are skipped.
    func prerender(_ images: [(request: SpinnerRequest, key: String)]) {
        for (spinner, key) in images where cache.value(for: key) == nil {
            guard let admitted = try? admission.admit(spinner) else { continue }
            // Nobody waits; the flight is there so that requests can join it.
            let joined = flights.join(key) { _ in }
            guard joined.first else { continue }
            _ = submit(admitted, in: .quick, key: key, flight: joined.flight, client: nil, background: true)
        }
    }

    /// The one way a render enters the scheduler: in `lane` for `client`, or
    /// (`background`) rendered ahead, which expires only once a request has promoted it
    /// (and so waits for it). Past the wait limit its flight ends busy (503, like a full
    /// queue); once it runs, its flight's deadline starts. Nil when queued, else why not.
    private func submit(_ admitted: RenderAdmission.Admitted, in lane: RenderLane, key: String, flight: RenderFlights<RenderOutcome>.Flight,
                        client: RenderClient?, background: Bool) -> RenderScheduler.Refusal? {
        let prepared = admitted.first
        let needs = RenderScheduler.Needs(bytes: prepared.estimate.workingBytes) { [flights, metrics] in
            metrics.rejectedRender(lane: lane, reason: .waitedTooLong)
            flights.finish(key, flight: flight, with: .busy(lane, .waitedTooLong))
        }
        let estimate = Duration(clampedSeconds: prepared.estimate.seconds)
        let run: @Sendable (Duration) -> Void = { [self] waited in
            if !background { metrics.started(lane: lane, waited: waited) }
            flight.cancellation.start(within: renderTimeout)
            let outcome = render(prepared, key: key, lane: lane, stop: flight.cancellation.stopCheck, prerendered: background,
                                 final: admitted.final)
            flights.finish(key, flight: flight, with: outcome)
        }
        guard !background else {
            scheduler.submitBackground(lane, key: key, estimate: estimate, needs: needs, run: run)
            return nil
        }
        return scheduler.submit(lane, client: client, key: key, estimate: estimate, needs: needs,
                                isCancelled: { flight.cancellation.isCancelled }, run: run)
    }

    /// Background renders (`prerender`) not finished yet.
    var prerendersPending: Int { scheduler.backgroundPending }

    /// Final encodes waiting or running behind provisional answers.
    var finalsPending: Int { scheduler.finalsPending }

    /// Times a final encode paused between frames for a visitor's render, since the start.
    var finalPauses: Int { visitors.pauses }

    /// Drops what waits and ends the render threads (after the server drained); a final
    /// encode running stops at its next frame.
    /// Returns how many final encodes were left unfinished.
    @discardableResult
    func stop() -> Int {
        scheduler.stop()
    }

    /// A provisional answer for `key` is cached (or was, before an eviction) and read: its
    /// final encode is queued unless it already waits or runs (a queue that was full when
    /// the answer was made dropped it).
    func ensureFinal(_ spinner: SpinnerRequest, key: String) {
        // Only the final encode is planned: no provisional one nor a lane is wanted here.
        guard admission.provisionalAnswers, !scheduler.finalIsPending(key),
              let final = try? admission.renderer.prepare(spinner) else { return }
        store.queueFinal(final, key: key)
    }

    /// Renders on a lane's thread and caches the result; `prerendered` for background work
    /// (counted apart from renders for requests). A provisional render queues `final`, the
    /// encode that replaces it.
    private func render(_ prepared: PreparedRender, key: String, lane: RenderLane, stop: StopCheck,
                        prerendered: Bool = false, final: PreparedRender) -> RenderOutcome {
        let started = clock.elapsed
        let format = prepared.request.format
        do {
            let image = try draw(prepared, stop)
            let seconds = (clock.elapsed - started).inSeconds
            if prerendered {
                metrics.prerendered(format: format)
            } else {
                metrics.rendered(format: format, lane: lane, seconds: seconds, estimated: prepared.estimate.seconds)
            }
            let representation = store.store(image, key: key, pass: prepared.pass, version: prepared.request.shared.version)
            // Queued once the provisional answer is cached, whether or not its visitor is
            // still connected: the URL was asked for, and its next visitors and fronts should
            // get the final bytes. A provisional render cut short queues nothing.
            if prepared.pass == .provisional && !representation.isFinal { store.queueFinal(final, key: key) }
            return .image(representation)
        } catch {
            switch error {
            case .request(let refused): return .refused(refused)
            case .stopped(.timedOut):
                metrics.stoppedRender(.timeout)
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
}
