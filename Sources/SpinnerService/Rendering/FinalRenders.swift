import Dispatch
import ImageCodecs
import Concurrency
import Synchronization

/// The final encodes of images first answered provisionally (docs/formats.md, "Provisional
/// and final answers"), made behind the answers: one at a time, on a thread of their own at the
/// lowest CPU share Linux gives (`SCHED_BATCH` at nice 19: about 1.5 % of a core other
/// threads want, all of an idle one) and without Dispatch's helpers
/// (`Parallel.keepToThisThread`), so that no final encode takes a core from a render a
/// visitor waits for, however many cold URLs arrive, and none waits forever on a busy
/// machine. Memory: one render's working set at a time (at most
/// `RenderAdmission.finalPeakBytes` estimated) and at most
/// `limit` waiting jobs, each a planned render (a scene and a frame plan, a few KB).
///
/// Under a memory limit each encode first takes its working memory from the render threads'
/// gate (`MemoryGate`), after every render a visitor waits for.
///
/// A key is queued once: a second `submit` for a key waiting or running is a no-op. A job
/// that finds the queue full is dropped; its provisional answer stays cached, and the next
/// request that reads it queues the final again. Stopping drops what waits and stops the
/// running encode at its next frame.
final class FinalRenders: Sendable {
    /// What `submit` did.
    enum Submission: Equatable, Sendable {
        /// Queued.
        case queued
        /// The key already waits or runs.
        case alreadyPending
        /// `limit` jobs already wait: dropped.
        case full
        /// The queue is stopping.
        case stopping
    }

    private struct Job: Sendable {
        let key: String
        /// Estimated seconds: the shortest waiting runs first, so that a visitor's cold URL
        /// is not kept behind the defaults' exhaustive encodes (tens of seconds each).
        let estimate: Double
        /// Bytes of working memory it takes from the gate while it runs.
        let bytes: Int
        let run: @Sendable (StopCheck) -> Void
    }

    private struct State {
        var waiting: [Job] = []
        /// Keys waiting or running.
        var keys: Set<String> = []
        var stopping = false
        /// Jobs dropped unrun when the queue stopped.
        var droppedAtStop = 0
    }

    /// What the queue and its thread share (the thread holds this, not the queue, so that
    /// a queue nobody holds ends its thread).
    private final class Shared: Sendable {
        let state = Locked(State())
        let available = DispatchSemaphore(value: 0)
        let stopped = Atomic<Bool>(false)
        let thread = DispatchGroup()
    }

    /// Jobs that may wait. Default 256.
    let limit: Int
    /// The gate each encode takes its memory from; nil: no memory limit.
    private let memory: MemoryGate?
    /// The renders visitors wait for, which the encodes step aside for; nil: they do not.
    private let visitors: VisitorRenders?
    private let shared = Shared()
    private var state: Locked<State> { shared.state }

    /// Starts the thread, named `threadName` (for `top -H` and the test harness, which
    /// counts threads named `render-final…` apart).
    /// `visitors`: the renders its encodes step aside for between frames, each pause at most
    /// `pauseMilliseconds` (nil: they do not).
    /// `cpu`: the bound on the CPU the encodes take on average, shared with other
    /// background queues (nil: none, as much as the machine leaves idle).
    init(limit: Int = 256, threadName: String = "render-final", memory: MemoryGate? = nil, yieldingTo visitors: VisitorRenders? = nil,
         pauseMilliseconds: Int = VisitorRenders.yieldMilliseconds, cpu: BackgroundCPU? = nil) {
        self.limit = limit
        self.memory = memory
        self.visitors = visitors
        shared.thread.enter()
        let shared = self.shared
        DetachedThread.start(name: threadName) {
            // The lowest share and no helpers: see the type's summary. If the system refuses
            // (it does not for a thread lowering its own), the encodes still run on this one thread.
            DetachedThread.lowerCurrentPriority()
            Parallel.keepToThisThread()
            // Between frames an encode first steps aside while a visitor's render runs, then
            // waits while the background work is over its share of the CPU.
            let meter = ThreadCPUMeter()
            let stop = StopCheck {
                if !shared.stopped.load(ordering: .relaxed) { visitors?.yield(atMost: pauseMilliseconds) }
                cpu?.pace(meter) { shared.stopped.load(ordering: .relaxed) }
                return shared.stopped.load(ordering: .relaxed) ? .cancelled : nil
            }
            while true {
                shared.available.wait()
                let next = shared.state.withLock { state -> Job? in
                    guard !state.stopping, let index = state.waiting.indices.min(by: { state.waiting[$0].estimate < state.waiting[$1].estimate })
                    else { return nil }
                    return state.waiting.remove(at: index)
                }
                if shared.stopped.load(ordering: .relaxed) { break }
                guard let job = next else { continue }
                if let memory, job.bytes > 0 {
                    if memory.acquire(job.bytes, claim: .background, isCancelled: { shared.stopped.load(ordering: .relaxed) }) == .granted {
                        job.run(stop)
                        Heap.returnFreePages()
                        memory.release(job.bytes)
                    }
                } else {
                    job.run(stop)
                }
                shared.state.withLock { _ = $0.keys.remove(job.key) }
            }
            shared.thread.leave()
        }
    }

    /// Queues `run` for `key` (given a check that says when to stop), estimated to take
    /// `estimate` seconds (shortest first; equal estimates in the order queued) and `bytes`
    /// of working memory.
    func submit(key: String, estimate: Double, bytes: Int = 0, run: @escaping @Sendable (StopCheck) -> Void) -> Submission {
        let submission = state.withLock { state -> Submission in
            guard !state.stopping else { return .stopping }
            guard !state.keys.contains(key) else { return .alreadyPending }
            guard state.waiting.count < limit else { return .full }
            state.keys.insert(key)
            state.waiting.append(Job(key: key, estimate: estimate, bytes: bytes, run: run))
            return .queued
        }
        if submission == .queued { shared.available.signal() }
        return submission
    }

    /// True while `key` waits or runs.
    func isPending(_ key: String) -> Bool {
        state.withLock { $0.keys.contains(key) }
    }

    /// Jobs waiting or running.
    var pending: Int { state.withLock { $0.keys.count } }

    /// Drops what waits, stops the running encode at its next frame, and returns once the
    /// thread has ended: how many encodes were left unfinished (dropped, or stopped while
    /// running).
    @discardableResult
    func stop() -> Int {
        let running = state.withLock { $0.keys.count - $0.waiting.count }
        endThread()
        shared.thread.wait()
        return state.withLock { $0.droppedAtStop } + running
    }

    /// A queue nobody holds ends its thread (without waiting for it).
    deinit {
        endThread()
    }

    private func endThread() {
        let first = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.stopping = true
            state.droppedAtStop = state.waiting.count
            state.waiting = []
            return true
        }
        guard first else { return }
        shared.stopped.store(true, ordering: .relaxed)
        shared.available.signal()
        memory?.wake()
        visitors?.wakeAll()
    }
}
