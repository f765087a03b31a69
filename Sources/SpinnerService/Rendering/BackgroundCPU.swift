import Concurrency

/// A bound on the CPU the background work (the final encodes behind provisional answers)
/// takes on average, in cores: a token bucket its threads charge with the CPU time they used
/// between frames, refilled at `cores` CPU-seconds a second and holding at most `burst`,
/// so that a short encode runs at once and a long one, or many, are paced to the bound.
///
/// Why: the final encodes run at the lowest priority, so they never take a core from a
/// visitor's render, but an autoscaler does not see priorities. A pod that finished a burst
/// kept 0.4–0.66 cores busy for minutes with nobody waiting, over an HPA's target of 0.35:
/// it would ask for more pods for work no visitor causes. With the bound below the target,
/// the CPU an HPA sees over its window is what visitors cause, plus at most `cores`.
final class BackgroundCPU: Sendable {
    /// Cores the background work may take on average. More than 0.
    let cores: Double
    /// CPU seconds it may take at once, beyond the average (0.5 s: most final encodes).
    let burst: Double
    private struct Bucket {
        var credit: Double
        var refilled: Double
    }

    private let bucket: Locked<Bucket>
    /// Seconds on a monotonic clock (a test's, or the system's).
    private let clock: @Sendable () -> Double
    /// Waits that many seconds (a test's, or the thread's sleep).
    private let sleep: @Sendable (Double) -> Void

    init(cores: Double, burst: Double = 0.5, clock: @escaping @Sendable () -> Double = ThreadTime.monotonicSeconds,
         sleep: @escaping @Sendable (Double) -> Void = { ThreadTime.sleep(seconds: $0) }) {
        precondition(cores > 0 && burst >= 0, "a share of the CPU is more than nothing")
        self.cores = cores
        self.burst = burst
        self.clock = clock
        self.sleep = sleep
        bucket = Locked(Bucket(credit: burst, refilled: clock()))
    }

    /// Charges `used` CPU seconds; returns the seconds to wait before going on (0: at once).
    func charge(_ used: Double) -> Double {
        bucket.withLock { bucket in
            let now = clock()
            bucket.credit = min(burst, bucket.credit + (now - bucket.refilled) * cores) - used
            bucket.refilled = now
            return bucket.credit >= 0 ? 0 : -bucket.credit / cores
        }
    }

    /// A check between frames for the calling thread: charges the thread CPU it used since
    /// its last check (`meter`) and waits, in slices of 1 to 50 ms, until the bucket has
    /// credit again or `isStopped` says to stop.
    func pace(_ meter: ThreadCPUMeter, isStopped: () -> Bool) {
        var wait = charge(meter.usedSinceLastCheck())
        while wait > 0 && !isStopped() {
            sleep(max(0.001, min(wait, 0.05)))
            wait = charge(0)
        }
    }
}

/// One thread's CPU time, read between its checks (`CLOCK_THREAD_CPUTIME_ID`: a final
/// encode runs on its own thread without Dispatch's helpers, so the thread's time is the
/// encode's).
final class ThreadCPUMeter: Sendable {
    private let last = Locked<Double?>(nil)
    /// The thread's CPU seconds so far (a test's, or the calling thread's).
    private let read: @Sendable () -> Double

    init(read: @escaping @Sendable () -> Double = ThreadTime.callingThreadCPUSeconds) {
        self.read = read
    }

    /// CPU seconds the calling thread used since the last call (0 the first time).
    func usedSinceLastCheck() -> Double {
        let now = read()
        return last.withLock { last in
            defer { last = now }
            return last.map { max(0, now - $0) } ?? 0
        }
    }
}
