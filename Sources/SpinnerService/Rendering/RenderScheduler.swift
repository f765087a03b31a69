import Dispatch
import Concurrency

/// Which queue a render waits in, by its estimated cost.
public enum RenderLane: Int, CaseIterable, Sendable {
    /// Estimated at most the quick limit: every SVG, still PNG and small raster.
    case quick
    /// The rest: fewer threads, a short queue, and a cap per client address.
    case heavy

    /// The label in `/metrics`.
    public var name: String { self == .quick ? "quick" : "heavy" }
}

/// Renders waiting for a thread, in two lanes with their own threads and bounded queues,
/// so that a cheap cold render never waits behind expensive ones (the quick lane's
/// threads take nothing else), expensive renders run a few at a time, and one client
/// address cannot fill the heavy lane. Each lane takes the job with the shortest
/// estimate first, unless the oldest has waited `agingMilliseconds`: then the oldest. A queued render whose waiters all left is dropped
/// (`purgeCancelled`); one that is running stops itself through its `StopCheck`.
///
/// Under a memory limit (`memory`), a thread that took a job then takes the job's
/// working memory from the gate before it runs it, waiting while it does not fit
/// (`MemoryGate`: quick renders before heavy ones, the aged before both). A job waits at
/// most `waitLimitMilliseconds` from its submission for a thread and for memory
/// together: past that it is taken out of the queue (or the gate) and its `expired`
/// runs instead (the service answers 503 with `Retry-After`).
/// Background work (`submitBackground`: the catalog's defaults rendered at start) waits
/// outside the queue's bound and runs only when nothing else waits, one job at a time,
/// so the lane's other threads stay free for requests; a request that wants the same
/// image moves it into the queue (`promote`).
public final class RenderScheduler: Sendable {
    /// A job that has waited this long (ms) is taken before shorter ones. Default 2 s.
    public static let agingMilliseconds: Int64 = 2000

    /// A quick-lane thread that rendered and then waited this long for more (ms) gives the
    /// heap's free pages back to the system (`malloc_trim`). During a burst the heap keeps
    /// its padding (`M_TOP_PAD`, 16 MiB an arena), so renders do not page-fault their
    /// buffers back in; once the burst is over, the resident set follows the cache again
    /// (after 5 000 distinct URLs with a 16 MiB cache: 79 MiB resident before it, 35 after).
    /// Trimming after every quick render instead made cold renders a tenth slower. Default 5 s.
    public static let idleTrimMilliseconds = 5000

    /// A render waiting for a thread.
    private struct Job: Sendable {
        /// The image's cache key, for `promote`.
        let key: String?
        let client: RenderClient?
        var enqueued: Int64
        /// Estimated seconds: shorter runs first.
        let estimate: Double
        let needs: Needs
        /// Work nobody waits for (rendered ahead): no wait limit.
        var background: Bool
        let isCancelled: @Sendable () -> Bool
        /// Runs the render; given how long it waited, in milliseconds.
        let run: @Sendable (_ waited: Int64) -> Void
    }

    private struct LaneState {
        var queue: [Job] = []
        /// Background jobs, in order; they run when `queue` is empty.
        var background: [Job] = []
        /// A background job is running on one of the lane's threads.
        var backgroundRunning = false
        var stopping = false
    }

    /// One lane: its queue and the semaphore its threads wait on.
    private final class Lane: Sendable {
        let kind: RenderLane
        let queueLimit: Int
        let state = Locked(LaneState())
        let available = DispatchSemaphore(value: 0)

        init(kind: RenderLane, queueLimit: Int) {
            self.kind = kind
            self.queueLimit = queueLimit
        }
    }

    /// Heavy renders per client address, waiting or running.
    private final class ClientShares: Sendable {
        let limit: Int
        private let counts = Locked<[RenderClient: Int]>([:])

        init(limit: Int) { self.limit = limit }

        func take(_ client: RenderClient) -> Bool {
            counts.withLock { counts in
                guard counts[client, default: 0] < limit else { return false }
                counts[client, default: 0] += 1
                return true
            }
        }

        func release(_ client: RenderClient) {
            counts.withLock { counts in
                let held = counts[client, default: 0]
                if held <= 1 { counts.removeValue(forKey: client) } else { counts[client] = held - 1 }
            }
        }
    }

    /// What every lane thread shares: the clock, the heavy lane's client shares, the
    /// memory gate and the wait limit.
    private struct Shared: Sendable {
        let clock: any MonotonicClock
        let clients: ClientShares
        let memory: MemoryGate?
        let waitLimit: Int64?
        /// Where the renders visitors wait for are counted while they run, for the final
        /// encodes to step aside (`VisitorRenders`); nil: not counted.
        let visitors: VisitorRenders?
    }

    public let limits: Limits
    private let lanes: [Lane]
    private let shared: Shared
    private var heavyClients: ClientShares { shared.clients }
    private var clock: any MonotonicClock { shared.clock }
    private let threads = DispatchGroup()
    private let workerCounts: [Int]

    /// Starts the lanes' threads. Under a memory limit, `memory` is the gate every job takes
    /// its working memory from; `waitLimitMilliseconds` (nil: none) bounds how long a job
    /// waits for a thread and memory.
    public init(limits: Limits, clock: any MonotonicClock = SystemClock(), memory: MemoryGate? = nil,
                waitLimitMilliseconds: Int64? = nil, visitors: VisitorRenders? = nil) {
        self.limits = limits
        shared = Shared(clock: clock, clients: ClientShares(limit: limits.heavyPerClient), memory: memory,
                        waitLimit: waitLimitMilliseconds, visitors: visitors)
        lanes = [Lane(kind: .quick, queueLimit: limits.quickQueue), Lane(kind: .heavy, queueLimit: limits.heavyQueue)]
        workerCounts = [max(1, limits.quickWorkers), max(1, limits.heavyWorkers)]
        for (lane, count) in zip(lanes, workerCounts) {
            for index in 0 ..< count {
                threads.enter()
                // The thread holds its lane and what it needs, not the scheduler: stopping
                // the scheduler ends it.
                let group = threads, shared = self.shared
                DetachedThread.start(name: "render-\(lane.kind.name)-\(index)") {
                    Self.work(lane, shared)
                    group.leave()
                }
            }
        }
    }

    /// The most a job waits for a thread and memory together, in milliseconds (nil: no limit).
    public var waitLimitMilliseconds: Int64? { shared.waitLimit }

    /// Queues a render in `lane` for `client`; nil when queued, else why not. `run` gets
    /// the wait in milliseconds; a render `isCancelled` says nobody wants is dropped unrun;
    /// `needs` gives its working memory and what to do when it waits too long.
    public func submit(_ lane: RenderLane, client: RenderClient?, key: String? = nil, estimate: Double = 0, needs: Needs = Needs(),
                       isCancelled: @escaping @Sendable () -> Bool, run: @escaping @Sendable (_ waited: Int64) -> Void) -> Refusal? {
        let counted = lane == .heavy && limits.heavyPerClient > 0 ? client : nil
        if let counted, !heavyClients.take(counted) { return .clientLimit }
        let target = lanes[lane.rawValue]
        let queued = target.state.withLock { state -> Bool in
            guard !state.stopping, state.queue.count < target.queueLimit else { return false }
            state.queue.append(Job(key: key, client: counted, enqueued: clock.milliseconds(), estimate: estimate,
                                   needs: needs, background: false, isCancelled: isCancelled, run: run))
            return true
        }
        guard queued else {
            if let counted { heavyClients.release(counted) }
            return .queueFull(lane)
        }
        target.available.signal()
        scheduleExpiry(of: target)
        return nil
    }

    /// Queues background work in `lane` (`key` names its image for `promote`): it runs
    /// after everything else, one background job at a time, and never takes a place in
    /// the queue. It has no wait limit until it is promoted.
    public func submitBackground(_ lane: RenderLane, key: String, estimate: Double = 0, needs: Needs = Needs(),
                                 run: @escaping @Sendable (_ waited: Int64) -> Void) {
        let target = lanes[lane.rawValue]
        let queued = target.state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.background.append(Job(key: key, client: nil, enqueued: clock.milliseconds(), estimate: estimate,
                                        needs: needs, background: true, isCancelled: { false }, run: run))
            return true
        }
        if queued { target.available.signal() }
    }

    /// Background work for `key` that has not started moves into its lane's queue, to run
    /// like any request (a request now waits for it, from now: its wait limit starts).
    public func promote(_ key: String) {
        for lane in lanes {
            let moved = lane.state.withLock { state -> Bool in
                guard let index = state.background.firstIndex(where: { $0.key == key }) else { return false }
                var job = state.background.remove(at: index)
                job.background = false
                job.enqueued = clock.milliseconds()
                state.queue.append(job)
                return true
            }
            if moved {
                lane.available.signal()
                scheduleExpiry(of: lane)
            }
        }
    }

    /// Takes out of the queues every job that has waited its limit, and runs its `expired`.
    /// (Timers call it when a job's limit comes; a job a thread already holds at the memory
    /// gate leaves the gate at the same moment.)
    public func expireOverdue() {
        for lane in lanes { Self.expireOverdue(in: lane, shared) }
    }

    private static func expireOverdue(in lane: Lane, _ shared: Shared) {
        guard let limit = shared.waitLimit else { return }
        let now = shared.clock.milliseconds()
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
        guard let limit = shared.waitLimit else { return }
        let shared = self.shared
        // The lane (not the scheduler) is held, so a stopped scheduler's timers find nothing.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(min(limit, Int64(Int32.max))))) {
            Self.expireOverdue(in: lane, shared)
        }
    }

    /// Background jobs waiting or running, all lanes.
    public var backgroundPending: Int {
        lanes.reduce(0) { total, lane in total + lane.state.withLock { $0.background.count + ($0.backgroundRunning ? 1 : 0) } }
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
            for job in dropped { if let client = job.client { heavyClients.release(client) } }
        }
    }

    /// Renders waiting in `lane` now.
    public func depth(_ lane: RenderLane) -> Int {
        lanes[lane.rawValue].state.withLock { $0.queue.count }
    }

    /// Drops what waits and ends the threads once their current renders finish; returns
    /// when they have.
    public func stop() {
        endThreads()
        threads.wait()
    }

    /// A scheduler nobody holds ends its threads (without waiting for a render running).
    deinit {
        endThreads()
    }

    /// Drops what waits and tells every thread to end after its current render.
    private func endThreads() {
        shared.memory?.stop()
        for (lane, count) in zip(lanes, workerCounts) {
            let dropped = lane.state.withLock { state -> [Job] in
                guard !state.stopping else { return [] }
                state.stopping = true
                defer { state.queue = []; state.background = [] }
                return state.queue
            }
            for job in dropped { if let client = job.client { heavyClients.release(client) } }
            for _ in 0 ..< count { lane.available.signal() }
        }
    }

    /// A lane thread's life: take the next job (skipping ones nobody wants; background
    /// work only when no job waits and no other background job runs), take its memory
    /// from the gate, run it, repeat; end when the lane stops.
    private static func work(_ lane: Lane, _ shared: Shared) {
        var renderedSinceTrim = false
        while true {
            if renderedSinceTrim && lane.kind == .quick {
                guard lane.available.wait(timeout: .now() + .milliseconds(idleTrimMilliseconds)) == .success else {
                    Heap.returnFreePages()
                    renderedSinceTrim = false
                    continue
                }
            } else {
                lane.available.wait()
            }
            let now = shared.clock.milliseconds()
            let next = lane.state.withLock { state -> (job: Job?, stop: Bool) in
                if state.stopping { return (nil, true) }
                guard let oldest = state.queue.first else {
                    guard !state.backgroundRunning, !state.background.isEmpty else { return (nil, false) }
                    state.backgroundRunning = true
                    return (state.background.removeFirst(), false)
                }
                // Shortest estimate first; the oldest once it has waited too long (no starving).
                let index = now - oldest.enqueued >= agingMilliseconds ? 0
                    : state.queue.indices.min { state.queue[$0].estimate < state.queue[$1].estimate } ?? 0
                return (state.queue.remove(at: index), false)
            }
            if next.stop { return }
            guard let job = next.job else { continue }  // purged meanwhile, or background work already running
            if run(job, lane, shared, now: now) { renderedSinceTrim = true }
            if let client = job.client { shared.clients.release(client) }
            if job.background {
                // The next background job (its signal may have found this one running).
                let more = lane.state.withLock { state -> Bool in
                    state.backgroundRunning = false
                    return !state.background.isEmpty
                }
                if more { lane.available.signal() }
            }
            // A heavy render's frames are freed now: give the pages back so the resident
            // set follows the cache, not the largest render so far.
            if lane.kind == .heavy { Heap.returnFreePages() }
        }
    }

    /// Runs `job` once it has its memory, unless nobody wants it or it waited too long
    /// (then its `expired` runs). True when it ran.
    private static func run(_ job: Job, _ lane: Lane, _ shared: Shared, now: Int64) -> Bool {
        guard !job.isCancelled() else { return false }
        let deadline = job.background ? nil : shared.waitLimit.map { job.enqueued + $0 }
        if let deadline, now >= deadline {
            job.needs.expired()
            return false
        }
        // A request's render counts as a visitor's while it runs (not while it waits for
        // memory, which a final encode may hold); work rendered ahead does not.
        let counted = job.background ? nil : shared.visitors
        func start() {
            let waited = shared.clock.milliseconds() - job.enqueued
            if let counted { counted.run { job.run(waited) } } else { job.run(waited) }
        }
        guard let memory = shared.memory, job.needs.bytes > 0 else {
            start()
            return true
        }
        // Defaults rendered ahead claim as their lane's requests do: they are cheap, and a
        // lane thread waiting at the gate is a thread its requests do not have.
        let claim: MemoryGate.Claim = lane.kind == .quick ? .quick : .heavy
        switch memory.acquire(job.needs.bytes, claim: claim, deadline: deadline, isCancelled: job.isCancelled) {
        case .granted:
            start()
            // The render's buffers go back to the system before its bytes go back to the
            // gate, so that the next render granted them finds them free under the limit.
            Heap.returnFreePages()
            memory.release(job.needs.bytes)
            return true
        case .timedOut:
            job.needs.expired()
            return false
        case .cancelled, .stopped:
            return false
        }
    }
}
