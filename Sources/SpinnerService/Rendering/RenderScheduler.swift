import Dispatch
import Concurrency
import ImageCodecs

/// Which queue a visitor's render waits in, by its estimated cost.
public enum RenderLane: Int, CaseIterable, Sendable {
    /// Estimated at most the quick limit: every SVG, still PNG and small raster.
    case quick
    /// The rest: fewer threads, a short queue, and a cap per client address.
    case heavy

    /// The label in `/metrics`.
    public var name: String { self == .quick ? "quick" : "heavy" }
}

/// The one work queue every render goes through, in four lanes that differ only by their
/// policy (`RenderScheduler.LanePolicy`, `RenderScheduler+Lanes.swift`):
/// - **quick** and **heavy**, the renders visitors wait for: a cheap cold render never waits
///   behind expensive ones (the quick lane's threads take nothing else), expensive renders
///   run a few at a time, and one client address cannot fill the heavy lane. A render
///   waits at most `waitLimit` for a thread and memory together; past that its `expired`
///   runs instead (the service answers 503 with `Retry-After`). Background work (the
///   catalog's defaults rendered at start: `submitBackground`) waits outside the lane's
///   bound and runs only when nothing else waits, one job at a time; a request that wants
///   the same image moves it into the queue (`promote`).
/// - **final** and **exhaustive final**, the final encodes behind provisional answers
///   (docs/formats.md, "Provisional and final answers"): one thread each at the lowest CPU
///   share Linux gives (`SCHED_BATCH` at nice 19) without Dispatch's helpers, stepping aside
///   between frames while a visitor's render runs (`VisitorRenders`) and paced to the
///   background share of the CPU (`BackgroundCPU`); a key is queued once, and a full lane
///   drops the job (its provisional answer stays cached; the next request that reads it
///   queues the final again). The kinds' default APNGs' exhaustive (zopfli) encodes, tens of
///   seconds each, have their own lane so that they hold up no other final encode.
///
/// Every lane takes the job with the shortest estimate first, unless its oldest has waited
/// the lane's `aging`: then the oldest. A queued job nobody wants any more is dropped
/// (`purgeCancelled`); one that runs stops itself through its `StopCheck`. Under a memory
/// limit (`memory`), a thread that took a job takes the job's working memory from the gate
/// before running it, waiting while it does not fit (`MemoryGate`: quick renders before
/// heavy ones, the aged before both, final encodes last). Stopping drops what waits, stops
/// the running final encodes at their next frame, and ends every thread.
public final class RenderScheduler: Sendable {
    /// A job that has waited this long is taken before shorter ones (the visitors' lanes). 2 s.
    public static let aging = Duration.seconds(2)

    /// A quick-lane thread that rendered and then waited this long for more gives the heap's
    /// free pages back to the system (`malloc_trim`). During a burst the heap keeps its
    /// padding (`M_TOP_PAD`, 16 MiB an arena), so renders do not page-fault their buffers
    /// back in; once the burst is over, the resident set follows the cache again (after
    /// 5 000 distinct URLs with a 16 MiB cache: 79 MiB resident before it, 35 after).
    /// Trimming after every quick render instead made cold renders a tenth slower. 5 s.
    public static let idleTrim = Duration.seconds(5)

    public let limits: Limits
    let shared: Shared
    let lanes: [Lane]
    private let threads = DispatchGroup()

    /// Starts every lane's threads. Under a memory limit, `memory` is the gate every job
    /// takes its working memory from; `waitLimit` (nil: none) bounds how long a visitor's
    /// render waits for a thread and memory. The final encodes step aside for the renders
    /// `visitors` counts, each pause at most `pause`, and share the bound `cpu` on the CPU
    /// they take (nil: as much as the machine leaves idle).
    init(limits: Limits, clock: any MonotonicClock = SystemClock(), memory: MemoryGate? = nil, waitLimit: Duration? = nil,
         visitors: VisitorRenders? = nil, pause: Duration = VisitorRenders.longestPause, cpu: BackgroundCPU? = nil) {
        self.limits = limits
        shared = Shared(clock: clock, clients: ClientShares(limit: limits.heavyPerClient), memory: memory,
                        visitors: visitors, pause: pause, cpu: cpu)
        lanes = LanePolicy.lanes(limits, waitLimit: waitLimit).map(Lane.init)
        for lane in lanes {
            for index in 0 ..< lane.policy.threads {
                threads.enter()
                // The thread holds its lane and what it needs, not the scheduler: stopping
                // the scheduler ends it.
                let group = threads, shared = self.shared
                DetachedThread.start(name: "render-\(lane.policy.name)-\(index)") {
                    Self.work(lane, shared)
                    group.leave()
                }
            }
        }
    }

    /// The most a visitor's render waits for a thread and memory together (nil: no limit).
    public var waitLimit: Duration? { lanes[WorkLane.quick.rawValue].policy.waitLimit }

    /// Queues a visitor's render in `lane` for `client`; nil when queued, else why not. A
    /// render `isCancelled` says nobody wants is dropped unrun; `needs` gives its working
    /// memory and what to do when it waits too long; `run` gets how long it waited.
    public func submit(_ lane: RenderLane, client: RenderClient?, key: String? = nil, estimate: Duration = .zero, needs: Needs = Needs(),
                       isCancelled: @escaping @Sendable () -> Bool, run: @escaping @Sendable (_ waited: Duration) -> Void) -> Refusal? {
        let counted = lane == .heavy && limits.heavyPerClient > 0 ? client : nil
        let job = Job(key: key, client: counted, enqueued: shared.clock.elapsed, estimate: estimate, needs: needs, background: false,
                      isCancelled: isCancelled) { started in run(started.waited) }
        switch enqueue(job, in: lanes[lane.rawValue]) {
        case .queued: return nil
        case .clientLimit: return .clientLimit
        case .full, .stopping, .alreadyPending: return .queueFull(lane)
        }
    }

    /// Queues background work in `lane` (`key` names its image for `promote`): it runs
    /// after everything else, one background job at a time, and never takes a place in the
    /// queue. It has no wait limit until it is promoted.
    public func submitBackground(_ lane: RenderLane, key: String, estimate: Duration = .zero, needs: Needs = Needs(),
                                 run: @escaping @Sendable (_ waited: Duration) -> Void) {
        let job = Job(key: key, client: nil, enqueued: shared.clock.elapsed, estimate: estimate, needs: needs, background: true,
                      isCancelled: { false }) { started in run(started.waited) }
        _ = enqueue(job, in: lanes[lane.rawValue])
    }

    /// Queues the final encode `run` of `key` behind its provisional answer (`exhaustive`:
    /// in the exhaustive encodes' lane), estimated to take `estimate` and `bytes` of
    /// working memory; `run` is given the check to ask between frames.
    func submitFinal(key: String, exhaustive: Bool, estimate: Duration, bytes: Int = 0,
                     run: @escaping @Sendable (StopCheck) -> Void) -> Submission {
        let lane = lanes[(exhaustive ? WorkLane.exhaustiveFinal : .final).rawValue]
        let job = Job(key: key, client: nil, enqueued: shared.clock.elapsed, estimate: estimate, needs: Needs(bytes: bytes),
                      background: false, isCancelled: { lane.stopped.load(ordering: .relaxed) }) { started in run(started.stop) }
        return enqueue(job, in: lane)
    }

    /// The one way into a lane: refused while stopping, when the key already waits or runs
    /// (lanes of one job a key), when the client has its share, or when the lane is full
    /// (work rendered ahead takes no place); else queued and a thread woken.
    private func enqueue(_ job: Job, in lane: Lane) -> Submission {
        if let client = job.client, !shared.clients.take(client) { return .clientLimit }
        let result = lane.state.withLock { state -> Submission in
            guard !state.stopping else {
                state.refusedWhileStopping += 1
                return .stopping
            }
            if lane.policy.oneJobPerKey, let key = job.key {
                guard !state.keys.contains(key) else { return .alreadyPending }
                guard state.queue.count < lane.policy.queueLimit else { return .full }
                state.keys.insert(key)
            } else if !job.background {
                guard state.queue.count < lane.policy.queueLimit else { return .full }
            }
            if job.background { state.background.append(job) } else { state.queue.append(job) }
            return .queued
        }
        guard result == .queued else {
            if let client = job.client { shared.clients.release(client) }
            return result
        }
        lane.available.signal()
        if !job.background { scheduleExpiry(of: lane) }
        return .queued
    }

    /// Background work for `key` that has not started moves into its lane's queue, to run
    /// like any request (a request now waits for it, from now: its wait limit starts).
    public func promote(_ key: String) {
        for lane in lanes {
            let moved = lane.state.withLock { state -> Bool in
                guard let index = state.background.firstIndex(where: { $0.key == key }) else { return false }
                var job = state.background.remove(at: index)
                job.background = false
                job.enqueued = shared.clock.elapsed
                state.queue.append(job)
                return true
            }
            if moved {
                lane.available.signal()
                scheduleExpiry(of: lane)
            }
        }
    }

    /// Takes out of the queues every job that has waited its lane's limit, and runs its
    /// `expired`. (Timers call it when a job's limit comes; a job a thread already holds at
    /// the memory gate leaves the gate at the same moment.)
    public func expireOverdue() {
        for lane in lanes { Self.expireOverdue(in: lane, shared) }
    }

    private static func expireOverdue(in lane: Lane, _ shared: Shared) {
        guard let limit = lane.policy.waitLimit else { return }
        let now = shared.clock.elapsed
        let overdue = lane.state.withLock { state -> [Job] in
            let overdue = state.queue.filter { now - $0.enqueued >= limit }
            if !overdue.isEmpty { state.queue.removeAll { now - $0.enqueued >= limit } }
            return overdue
        }
        for job in overdue {
            if let client = job.client { shared.clients.release(client) }
            if !job.isCancelled() { job.needs.expired() }
        }
    }

    /// Asks for `expireOverdue` on `lane` when a job queued now reaches its limit.
    private func scheduleExpiry(of lane: Lane) {
        guard let limit = lane.policy.waitLimit else { return }
        let shared = self.shared
        // The lane (not the scheduler) is held, so a stopped scheduler's timers find nothing.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(min(limit.wholeMilliseconds, Int64(Int32.max))))) {
            Self.expireOverdue(in: lane, shared)
        }
    }

    /// Background jobs waiting or running, all lanes.
    public var backgroundPending: Int {
        lanes.reduce(0) { total, lane in total + lane.state.withLock { $0.background.count + ($0.backgroundRunning ? 1 : 0) } }
    }

    /// Final encodes waiting or running, both final lanes.
    var finalsPending: Int {
        [WorkLane.final, .exhaustiveFinal].reduce(0) { total, lane in total + lanes[lane.rawValue].state.withLock { $0.keys.count } }
    }

    /// True while the final encode of `key` waits or runs.
    func finalIsPending(_ key: String) -> Bool {
        [WorkLane.final, .exhaustiveFinal].contains { lane in lanes[lane.rawValue].state.withLock { $0.keys.contains(key) } }
    }

    /// Drops queued renders that nobody waits for any more, freeing their places (and
    /// those waiting at the memory gate).
    public func purgeCancelled() {
        shared.memory?.wake()
        for lane in lanes {
            let dropped = lane.state.withLock { state -> [Job] in
                let cancelled = state.queue.filter { $0.isCancelled() }
                if !cancelled.isEmpty { state.queue.removeAll { $0.isCancelled() } }
                return cancelled
            }
            for job in dropped { if let client = job.client { shared.clients.release(client) } }
        }
    }

    /// Visitors' renders waiting in `lane` now.
    public func depth(_ lane: RenderLane) -> Int {
        lanes[lane.rawValue].state.withLock { $0.queue.count }
    }

    /// Drops what waits, stops the running final encodes at their next frame, and returns
    /// once every thread has ended (a visitor's render running ends as its flight decides):
    /// how many final encodes were left unfinished (dropped, stopped while running, or
    /// refused once stopping began).
    @discardableResult
    public func stop() -> Int {
        endThreads()
        threads.wait()
        return [WorkLane.final, .exhaustiveFinal].reduce(0) { total, lane in
            total + lanes[lane.rawValue].state.withLock { $0.unfinishedAtStop + $0.refusedWhileStopping }
        }
    }

    /// A scheduler nobody holds ends its threads (without waiting for a render running).
    deinit {
        endThreads()
    }

    /// Drops what waits and tells every thread to end after its current job.
    private func endThreads() {
        shared.memory?.stop()
        for lane in lanes {
            let dropped = lane.state.withLock { state -> [Job] in
                guard !state.stopping else { return [] }
                state.stopping = true
                // Running: the keys not waiting (lanes of one job a key count them).
                state.unfinishedAtStop = state.keys.count
                defer { state.queue = []; state.background = [] }
                return state.queue
            }
            lane.stopped.store(true, ordering: .relaxed)
            for job in dropped { if let client = job.client { shared.clients.release(client) } }
            for _ in 0 ..< lane.policy.threads { lane.available.signal() }
        }
        shared.visitors?.wakeAll()
    }
}
