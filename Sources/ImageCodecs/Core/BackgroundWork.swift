import Glibc
import Locking

/// A closure run on a thread of its own while the caller goes on, its value collected by
/// `value()` (which joins the thread). A new POSIX thread rather than Dispatch's pool: the
/// caller may itself be one of the pool's threads, and waiting there for work queued on
/// the same pool could wait for a thread the pool never frees. When no thread can be made
/// (or on one core, where nothing would overlap) the closure runs at once, in `init`.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Locked<Value?>(nil)
    private let thread: pthread_t?
    /// Whether `value()` has joined the thread (else `deinit` detaches it).
    private let joined = Locked(false)

    /// Starts `body`.
    init(_ body: @escaping @Sendable () -> Value) {
        let outcome = outcome
        let run: @Sendable () -> Void = {
            let value = body()
            outcome.withLock { $0 = value }
        }
        thread = Parallel.cores > 1 ? ThreadStart.spawn(run) : nil
        if thread == nil { run() }
    }

    deinit {
        if let thread, !joined.withLock({ $0 }) { pthread_detach(thread) }
    }

    /// The closure's value, once it has returned.
    func value() -> Value {
        let joining = joined.withLock { joined in
            defer { joined = true }
            return !joined
        }
        if let thread, joining { pthread_join(thread, nil) }
        guard let value = outcome.withLock({ $0 }) else { preconditionFailure("the work has finished") }
        return value
    }
}

/// What a new thread runs, handed over through `pthread_create`'s context pointer.
private final class ThreadStart: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }

    /// A joinable thread running `run`, or nil when none can be made.
    static func spawn(_ run: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(ThreadStart(run)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
