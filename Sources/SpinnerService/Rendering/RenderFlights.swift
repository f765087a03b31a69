import ImageCodecs
import Concurrency
import Synchronization

/// Concurrent requests for one image share one render (single flight), and the render
/// knows who waits for it: when the last waiter leaves (its connection closed), the
/// render is cancelled — dropped if it is still queued, stopped at its next frame if it
/// runs — and forgotten, so a later request starts afresh.
public final class RenderFlights<Outcome: Sendable>: Sendable {
    /// One render in flight and whether it should go on.
    public final class Flight: Sendable {
        /// Tells the render to stop: nobody waits, or its deadline passed.
        public let cancellation: RenderCancellation

        init(clock: any MonotonicClock) {
            cancellation = RenderCancellation(clock: clock)
        }
    }

    private struct Entry {
        let flight: Flight
        var waiters: [UInt64: @Sendable (Outcome) -> Void]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Locked(State())
    private let clock: any MonotonicClock

    public init(clock: any MonotonicClock = SystemClock()) {
        self.clock = clock
    }

    /// Adds `waiter` for `key`: the flight it waits for, whether the caller must start the
    /// work (it is the first), and its number, to `leave` with.
    public func join(_ key: String, waiter: @escaping @Sendable (Outcome) -> Void) -> (flight: Flight, first: Bool, waiter: UInt64) {
        state.withLock { state in
            state.nextWaiter += 1
            let number = state.nextWaiter
            if var entry = state.entries[key] {
                state.entries[key] = nil  // so that `entry.waiters` grows in place
                entry.waiters[number] = waiter
                state.entries[key] = entry
                return (entry.flight, false, number)
            }
            let flight = Flight(clock: clock)
            state.entries[key] = Entry(flight: flight, waiters: [number: waiter])
            return (flight, true, number)
        }
    }

    /// Waiter `number` of `flight` no longer waits. When it was the last, the flight is
    /// cancelled and forgotten; returns true then.
    @discardableResult
    public func leave(_ key: String, flight: Flight, waiter number: UInt64) -> Bool {
        let last = state.withLock { state -> Bool in
            guard var entry = state.entries[key], entry.flight === flight else { return false }
            state.entries[key] = nil
            entry.waiters[number] = nil
            guard entry.waiters.isEmpty else {
                state.entries[key] = entry
                return false
            }
            return true
        }
        if last { flight.cancellation.cancel() }
        return last
    }

    /// Ends `flight` with `outcome`, handing it to everyone still waiting.
    public func finish(_ key: String, flight: Flight, with outcome: Outcome) {
        let waiters = state.withLock { state -> [@Sendable (Outcome) -> Void] in
            guard let entry = state.entries[key], entry.flight === flight else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters { waiter(outcome) }
    }

    /// Flights now.
    public var count: Int { state.withLock { $0.entries.count } }
}

/// Whether a render should go on: cancelled when nobody waits, timed out past its
/// deadline. Read by the render's `StopCheck` between frames.
public final class RenderCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let deadline = Atomic<Int64>(.max)
    private let clock: any MonotonicClock

    init(clock: any MonotonicClock) {
        self.clock = clock
    }

    /// Nobody waits any more.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// True once cancelled.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// The render starts now and must end within `limit`.
    public func start(within limit: Duration) {
        deadline.store(clock.milliseconds() + limit.wholeMilliseconds, ordering: .relaxed)
    }

    /// The check the render asks between frames.
    public var stopCheck: StopCheck {
        StopCheck { [self] in
            if cancelled.load(ordering: .relaxed) { return .cancelled }
            return clock.milliseconds() >= deadline.load(ordering: .relaxed) ? .timedOut : nil
        }
    }
}
