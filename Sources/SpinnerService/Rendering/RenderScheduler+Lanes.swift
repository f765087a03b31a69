import Dispatch
import Concurrency
import ImageCodecs
import Synchronization

/// The scheduler's lanes: what each does differently (`LanePolicy`) and the one thread
/// loop they all run.
extension RenderScheduler {
    /// The lanes, in the order of their index in `lanes` (the visitors' lanes first, at
    /// `RenderLane`'s raw values).
    enum WorkLane: Int, CaseIterable {
        case quick, heavy, final, exhaustiveFinal
    }

    /// How one lane behaves: everything its threads do differently from another lane's.
    struct LanePolicy: Sendable {
        /// Its threads are named `render-<name>-<index>` (for `top -H`; the test harness
        /// counts the threads named `render-final…` apart).
        let name: String
        let threads: Int
        /// Jobs that may wait; beyond, a submission is refused (work rendered ahead takes no place).
        let queueLimit: Int
        /// How its jobs claim memory at the gate.
        let claim: MemoryGate.Claim
        /// The oldest job goes first once it has waited this long (nil: always the shortest estimate).
        let aging: Duration?
        /// A job waits at most this long for a thread and memory together (nil: no limit).
        let waitLimit: Duration?
        /// Background lanes (the final encodes): their threads run at the lowest CPU share
        /// without Dispatch's helpers, each job is given a check between frames that steps
        /// aside for visitors' renders and paces to the background share of the CPU, and a
        /// key waits or runs at most once. Other lanes' jobs count as visitors' renders while
        /// they run (work rendered ahead does not).
        let background: Bool
        /// When its threads give the heap's free pages back to the system, besides after
        /// every job that took memory from the gate.
        let pageReturn: PageReturn

        var oneJobPerKey: Bool { background }

        enum PageReturn: Sendable {
            /// After every job (a heavy render's frames are freed then: the resident set
            /// follows the cache, not the largest render so far).
            case afterEveryJob
            /// Once the lane has been idle this long after a job.
            case whenIdle(Duration)
            /// Only after jobs that took memory from the gate.
            case withMemoryOnly
        }

        /// The four lanes for `limits`, visitors' renders waiting at most `waitLimit`.
        static func lanes(_ limits: Limits, waitLimit: Duration?) -> [LanePolicy] {
            WorkLane.allCases.map { lane in
                switch lane {
                case .quick:
                    LanePolicy(name: "quick", threads: max(1, limits.quickWorkers), queueLimit: limits.quickQueue, claim: .quick,
                               aging: RenderScheduler.aging, waitLimit: waitLimit, background: false, pageReturn: .whenIdle(RenderScheduler.idleTrim))
                case .heavy:
                    LanePolicy(name: "heavy", threads: max(1, limits.heavyWorkers), queueLimit: limits.heavyQueue, claim: .heavy,
                               aging: RenderScheduler.aging, waitLimit: waitLimit, background: false, pageReturn: .afterEveryJob)
                case .final:
                    LanePolicy(name: "final", threads: 1, queueLimit: max(1, limits.finalQueue), claim: .background,
                               aging: nil, waitLimit: nil, background: true, pageReturn: .withMemoryOnly)
                case .exhaustiveFinal:
                    LanePolicy(name: "final-z", threads: 1, queueLimit: limits.exhaustiveFinalQueue, claim: .background,
                               aging: nil, waitLimit: nil, background: true, pageReturn: .withMemoryOnly)
                }
            }
        }
    }

    /// What a job's `run` is given when it starts.
    struct Started: Sendable {
        /// How long it waited for a thread and memory.
        let waited: Duration
        /// What to ask between frames: for a background lane, the check that steps aside,
        /// paces and stops with the lane; for the others, one that never stops (a visitor's
        /// render stops through its flight's own check).
        let stop: StopCheck
    }

    /// A job waiting for a thread.
    struct Job: Sendable {
        /// The image's cache key: for `promote`, and for lanes of one job a key.
        let key: String?
        /// The client whose heavy share it holds (nil: none).
        let client: RenderClient?
        /// When it was queued, on the scheduler's clock.
        var enqueued: Duration
        /// Its estimated time: shorter runs first (equal estimates in the order queued).
        let estimate: Duration
        let needs: Needs
        /// Work nobody waits for (rendered ahead): runs when nothing else waits, one at a
        /// time, without a wait limit.
        var background: Bool
        let isCancelled: @Sendable () -> Bool
        let run: @Sendable (Started) -> Void
    }

    struct LaneState {
        var queue: [Job] = []
        /// Background jobs, in order; they run when `queue` is empty.
        var background: [Job] = []
        /// A background job is running on one of the lane's threads.
        var backgroundRunning = false
        /// Keys waiting or running (lanes of one job a key).
        var keys: Set<String> = []
        var stopping = false
        /// Jobs waiting or running when the lane stopped (lanes of one job a key).
        var unfinishedAtStop = 0
        /// Submissions refused because the lane was stopping.
        var refusedWhileStopping = 0
    }

    /// One lane: its policy, its queue and the semaphore its threads wait on.
    final class Lane: Sendable {
        let policy: LanePolicy
        let state = Locked(LaneState())
        let available = DispatchSemaphore(value: 0)
        /// Set once the lane stops: a background lane's running job stops at its next frame.
        let stopped = Atomic<Bool>(false)

        init(policy: LanePolicy) {
            self.policy = policy
        }
    }

    /// Heavy renders per client address, waiting or running.
    final class ClientShares: Sendable {
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

    /// What every lane thread shares.
    struct Shared: Sendable {
        let clock: any MonotonicClock
        let clients: ClientShares
        let memory: MemoryGate?
        /// Where visitors' renders are counted while they run, for background lanes to step
        /// aside (nil: not counted).
        let visitors: VisitorRenders?
        /// The longest one step aside lasts.
        let pause: Duration
        /// The bound on the CPU the background lanes take together (nil: none).
        let cpu: BackgroundCPU?
    }

    /// A lane thread's life: take the next job (skipping ones nobody wants; background
    /// work only when no job waits and no other background job runs), take its memory from
    /// the gate, run it, repeat; end when the lane stops.
    static func work(_ lane: Lane, _ shared: Shared) {
        let policy = lane.policy
        let between = policy.background ? backgroundCheck(lane, shared) : StopCheck.never
        var renderedSinceTrim = false
        while true {
            if case .whenIdle(let idle) = policy.pageReturn, renderedSinceTrim {
                guard lane.available.wait(timeout: .now() + .milliseconds(Int(idle.wholeMilliseconds))) == .success else {
                    Heap.returnFreePages()
                    renderedSinceTrim = false
                    continue
                }
            } else {
                lane.available.wait()
            }
            let now = shared.clock.elapsed
            let next = lane.state.withLock { state -> (job: Job?, stop: Bool) in
                if state.stopping { return (nil, true) }
                guard let oldest = state.queue.first else {
                    guard !state.backgroundRunning, !state.background.isEmpty else { return (nil, false) }
                    state.backgroundRunning = true
                    return (state.background.removeFirst(), false)
                }
                // Shortest estimate first; the oldest once it has waited too long (no starving).
                let aged = policy.aging.map { now - oldest.enqueued >= $0 } ?? false
                let index = aged ? 0 : state.queue.indices.min { state.queue[$0].estimate < state.queue[$1].estimate } ?? 0
                return (state.queue.remove(at: index), false)
            }
            if next.stop { return }
            guard let job = next.job else { continue }  // purged meanwhile, or background work already running
            if run(job, in: lane, shared, now: now, between: between) { renderedSinceTrim = true }
            if let client = job.client { shared.clients.release(client) }
            let more = lane.state.withLock { state -> Bool in
                if policy.oneJobPerKey, let key = job.key { state.keys.remove(key) }
                guard job.background else { return false }
                state.backgroundRunning = false
                return !state.background.isEmpty
            }
            // The next background job (its signal may have found this one running).
            if more { lane.available.signal() }
            if case .afterEveryJob = policy.pageReturn { Heap.returnFreePages() }
        }
    }

    /// Runs `job` once it has its memory, unless nobody wants it or it waited too long
    /// (then its `expired` runs). True when it ran.
    private static func run(_ job: Job, in lane: Lane, _ shared: Shared, now: Duration, between: StopCheck) -> Bool {
        guard !job.isCancelled() else { return false }
        let deadline = job.background ? nil : lane.policy.waitLimit.map { job.enqueued + $0 }
        if let deadline, now >= deadline {
            job.needs.expired()
            return false
        }
        // A visitor's render counts while it runs (not while it waits for memory, which a
        // final encode may hold); work rendered ahead and final encodes do not.
        let counted = lane.policy.background || job.background ? nil : shared.visitors
        func start() {
            let started = Started(waited: shared.clock.elapsed - job.enqueued, stop: between)
            if let counted { counted.run { job.run(started) } } else { job.run(started) }
        }
        guard let memory = shared.memory, job.needs.bytes > 0 else {
            start()
            return true
        }
        // Defaults rendered ahead claim as their lane's requests do: they are cheap, and a
        // lane thread waiting at the gate is a thread its requests do not have.
        switch memory.acquire(job.needs.bytes, claim: lane.policy.claim, deadline: deadline?.wholeMilliseconds, isCancelled: job.isCancelled) {
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

    /// A background lane thread's setting and its check between frames: the lowest CPU
    /// share and no helpers (if the system refuses, which it does not for a thread lowering
    /// its own, the jobs still run on this one thread); between frames, first step aside
    /// while a visitor's render runs, then wait while the background work is over its
    /// share of the CPU; stop once the lane stops.
    private static func backgroundCheck(_ lane: Lane, _ shared: Shared) -> StopCheck {
        DetachedThread.lowerCurrentPriority()
        Parallel.keepToThisThread()
        let meter = ThreadCPUMeter()
        return StopCheck {
            if !lane.stopped.load(ordering: .relaxed) { shared.visitors?.yield(atMost: shared.pause) }
            shared.cpu?.pace(meter) { lane.stopped.load(ordering: .relaxed) }
            return lane.stopped.load(ordering: .relaxed) ? .cancelled : nil
        }
    }
}
