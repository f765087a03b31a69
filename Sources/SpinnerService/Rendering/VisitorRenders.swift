import Dispatch
import Concurrency

/// The renders a visitor waits for, counted while they run, so that the final encodes
/// behind provisional answers step aside for them (`yield`) between frames.
///
/// Why: the final encodes' thread runs at the lowest CPU share (`SCHED_BATCH`, nice 19),
/// but a core it holds is not handed back the instant a visitor's render wants it: each
/// time one of a render's threads waits (for its other worker, for a batch) and wakes, the
/// encode may keep the core for the rest of its slice. Beside one such encode,
/// `render circular.gif?size=128&scale=2 --provisional` took 75–81 ms where it took 46–53
/// alone (median of 9, one encode pinned to one core, 2026-12-05); at `SCHED_IDLE`,
/// which the kernel preempts at once, 54–58. `SCHED_IDLE` itself starves the encodes under
/// a steady load (docs/operations.md), so they keep their share and pause instead.
///
/// A pause lasts until no visitor's render runs or `longestPause` passes, whichever is
/// first, so that under a steady stream of cold URLs the final encodes still go on a frame
/// at a time, as they crawled before. A render waiting for its memory is not counted: the
/// encode that holds memory must be free to finish and give it back.
public final class VisitorRenders: Sendable {
    /// The longest one pause lasts. 250 ms: at most a quarter of a second added to a final
    /// encode per frame while visitors' renders follow one another without a gap (they take
    /// 2–150 ms each at the sizes people use).
    public static let longestPause = Duration.milliseconds(250)

    private struct State {
        /// Visitors' renders running.
        var running = 0
        /// Pauses in progress, each woken when `running` reaches 0.
        var paused: [DispatchSemaphore] = []
        /// Pauses taken since the start (for `/metrics` and tests).
        var pauses = 0
    }
    private let state = Locked(State())

    public init() {}

    /// `render` (a visitor waits for it), counted while it runs.
    public func run(_ render: () -> Void) {
        state.withLock { $0.running += 1 }
        defer {
            wake { state in
                state.running -= 1
                return state.running == 0
            }
        }
        render()
    }

    /// Waits while a visitor's render runs, for at most `pause`; returns at once when none
    /// does. For background work, between its steps.
    public func yield(atMost pause: Duration = longestPause) {
        let milliseconds = Int(pause.wholeMilliseconds)
        let wakeUp = DispatchSemaphore(value: 0)
        let waits = state.withLock { state -> Bool in
            guard state.running > 0 else { return false }
            state.paused.append(wakeUp)
            state.pauses += 1
            return true
        }
        guard waits else { return }
        guard wakeUp.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut else { return }
        // Timed out: leave the list, unless a wake-up took this pause off it meanwhile (its
        // signal is then left unread on a semaphore nobody holds).
        state.withLock { state in state.paused.removeAll { $0 === wakeUp } }
    }

    /// Ends every pause now (the queue is stopping).
    func wakeAll() {
        wake { _ in true }
    }

    /// Pauses in progress.
    var pausedCount: Int { state.withLock { $0.paused.count } }
    /// Pauses taken since the start.
    var pauses: Int { state.withLock { $0.pauses } }
    /// Visitors' renders running.
    var running: Int { state.withLock { $0.running } }

    /// Applies `change` to the state and, when it returns true, ends every pause in progress.
    private func wake(when change: (inout State) -> Bool) {
        let woken = state.withLock { state -> [DispatchSemaphore] in
            guard change(&state) else { return [] }
            defer { state.paused = [] }
            return state.paused
        }
        for pause in woken { pause.signal() }
    }
}
