#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Concurrency

/// The part of one event loop that other threads may touch (swift-nio's `EventLoop`):
/// an inbox of tasks, woken through an eventfd. `execute` always enqueues — a task never
/// runs inline on the caller's thread — and the loop's lifecycle is one state under one
/// lock. Everything else the loop owns lives in its `Reactor`, which exists only on the
/// loop's own thread: the compiler, not an `@unchecked Sendable`, keeps other threads out.
final class EventLoop: Sendable {
    /// Work for the loop's thread.
    typealias Task = @Sendable (Reactor) -> Void

    private enum Lifecycle {
        /// Taking tasks; `wakePending` once the eventfd was written for those queued.
        case open(tasks: [Task], wakePending: Bool)
        /// The loop ended: tasks are refused.
        case closed
    }

    /// The loop's epoll set (owned: closed when the last reference goes).
    let epoll: Epoll
    /// The eventfd that wakes the loop (owned likewise, so a late `execute` never writes
    /// to a descriptor number that was reused).
    let wake: Int32
    private let lifecycle = Locked(Lifecycle.open(tasks: [], wakePending: false))

    init() throws(SocketError) {
        epoll = try Epoll.create()
        let wake = spinnerd_eventfd()
        guard wake >= 0 else {
            let code = errno
            close(epoll.descriptor)
            throw SocketError(operation: "eventfd", code: code)
        }
        self.wake = wake
    }

    deinit {
        close(wake)
        close(epoll.descriptor)
    }

    /// Queues `task` for the loop's thread; false once the loop has ended (the task is dropped).
    @discardableResult
    func execute(_ task: @escaping Task) -> Bool {
        let (accepted, wakeNeeded) = lifecycle.withLock { state -> (Bool, Bool) in
            guard case .open(var tasks, let wakePending) = state else { return (false, false) }
            state = .closed  // drops the state's reference, so `tasks` grows in place
            tasks.append(task)
            state = .open(tasks: tasks, wakePending: true)
            return (true, !wakePending)
        }
        if wakeNeeded {
            var one: UInt64 = 1
            // A full eventfd counter (EAGAIN) still wakes the loop; nothing else can fail here.
            _ = write(wake, &one, 8)
        }
        return accepted
    }

    /// On the loop's thread: takes the tasks queued so far (and clears the wake-up).
    func takeTasks() -> [Task] {
        var value: UInt64 = 0
        _ = read(wake, &value, 8)  // EAGAIN when already cleared: nothing to do
        return lifecycle.withLock { state in
            guard case .open(let tasks, _) = state else { return [] }
            state = .open(tasks: [], wakePending: false)
            return tasks
        }
    }

    /// On the loop's thread, as it ends: refuses later tasks; returns those still queued.
    func end() -> [Task] {
        lifecycle.withLock { state in
            defer { state = .closed }
            guard case .open(let tasks, _) = state else { return [] }
            return tasks
        }
    }
}
