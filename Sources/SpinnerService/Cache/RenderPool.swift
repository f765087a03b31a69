import CLinux
import Foundation
import Synchronization

/// A fixed set of worker threads (one per core by default) taking jobs from a bounded
/// queue. A full queue refuses new jobs at once, so overload becomes a quick 503 rather
/// than a growing backlog.
public final class RenderPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
    }

    /// Jobs waiting (not running) at most.
    public let queueLimit: Int
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    /// Starts `workers` threads.
    public init(workers: Int, queueLimit: Int) {
        self.queueLimit = queueLimit
        for index in 0 ..< max(1, workers) {
            let thread = Thread { [self] in self.work() }
            thread.name = "spinnerd-render-\(index)"
            thread.start()
        }
    }

    /// Queues `job`; false when the queue is full.
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard state.jobs.count < queueLimit else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Jobs waiting now.
    public var queued: Int { state.withLock { $0.jobs.count } }

    private func work() {
        while true {
            available.wait()
            guard let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else { continue }
            job()
            // A render's frames are freed now; hand the pages back so the resident set
            // tracks the cache, not the largest render so far.
            spinnerd_trim_heap()
        }
    }
}
