import Dispatch

/// Bytes of working memory shared by work that needs a known amount of it at once (the
/// renders, under a memory limit): each piece of work takes its bytes before it starts
/// and gives them back when it ends, and waits while they do not fit in what is free.
///
/// Waiting is bounded (each waiter may give a deadline), fair and cancellable:
/// - **Order.** Waiters are served by claim, then in the order they came: first any
///   waiter of a request that has waited `agingMilliseconds` or more, then `quick`, then
///   `heavy`, then `background` (work nobody waits for). A quick or aged waiter that does
///   not fit keeps its place: memory given back goes to it before anyone behind it, so a
///   costly request is never starved by a stream of cheap ones once it has waited
///   `agingMilliseconds`, and a cheap one is held up only by aged waiters. A young heavy
///   or background waiter that does not fit lets those behind it that do fit go first.
/// - **Deadline.** A waiter still waiting at its deadline leaves with `.timedOut`.
/// - **Cancellation.** A waiter whose `isCancelled` says so leaves with `.cancelled` at
///   the next `wake()`, `release` or `acquire` (the owner calls `wake()` when it learns
///   that someone stopped waiting).
///
/// Small quick claims (`small`) may go past the capacity, by at most `small.together` bytes
/// in all: they wait only for each other, never behind larger claims, so that a cheap
/// render is not held up by a costly one that fills the gate. The owner counts that
/// allowance in its memory beside the capacity.
///
/// A claim larger than the whole capacity is cut to the capacity (it then runs alone):
/// the owner refuses to start with a capacity below its largest claim, so this only keeps
/// a wrong estimate from waiting forever.
public final class MemoryGate: Sendable {
    /// Who waits, in the order served (see the type's summary).
    public enum Claim: Int, Sendable, Comparable {
        /// A cheap render a visitor waits for.
        case quick
        /// A costly render a visitor waits for.
        case heavy
        /// Work nobody waits for (final encodes, defaults rendered ahead).
        case background

        public static func < (left: Claim, right: Claim) -> Bool { left.rawValue < right.rawValue }
    }

    /// How a wait ended.
    public enum Admission: Sendable, Equatable {
        /// The bytes are taken: `release` them when the work ends.
        case granted
        /// The deadline passed first.
        case timedOut
        /// `isCancelled` said nobody wants the work any more.
        case cancelled
        /// The gate stopped (the service is stopping).
        case stopped
    }

    /// What the gate holds and has done, for `/metrics`.
    public struct Statistics: Sendable, Equatable {
        /// Bytes the gate shares out.
        public var capacity = 0
        /// Bytes taken now.
        public var held = 0
        /// Waiters now.
        public var waiting = 0
        /// Claims granted, at once or after a wait.
        public var granted = 0
        /// Claims that had to wait (granted later, timed out or cancelled).
        public var waited = 0
        /// Claims that reached their deadline waiting.
        public var timedOut = 0
        /// The most bytes taken at once so far.
        public var peak = 0
    }

    private struct Waiter {
        let id: UInt64
        let bytes: Int
        let claim: Claim
        /// A small quick claim (`small`), as asked (before any cut to the capacity).
        let isSmall: Bool
        let since: Int64
        let isCancelled: @Sendable () -> Bool
        let wakeUp: DispatchSemaphore
    }

    private struct State {
        var waiting: [Waiter] = []
        /// Ends decided for waiters that have not read them yet.
        var ends: [UInt64: Admission] = [:]
        var nextID: UInt64 = 0
        var stopping = false
        var statistics = Statistics()
    }

    /// A request's waiter that has waited this long is served before every other claim. Default 2 s.
    public static let agingMilliseconds: Int64 = 2000

    /// Quick claims of at most `each` bytes, which may take up to `together` bytes beyond
    /// the capacity.
    public struct SmallClaims: Sendable, Equatable {
        public var each: Int
        public var together: Int

        public init(each: Int, together: Int) {
            self.each = each
            self.together = together
        }
    }

    /// Bytes shared out.
    public let capacity: Int
    /// Small quick claims' allowance beyond the capacity; nil: none.
    public let small: SmallClaims?
    private let state: Locked<State>
    private let clock: any MonotonicClock

    /// A gate sharing out `capacity` bytes (and `small`'s allowance to small quick claims);
    /// `clock` tells waiting times (ages and deadlines).
    public init(capacity: Int, small: SmallClaims? = nil, clock: any MonotonicClock = SystemClock()) {
        self.capacity = max(1, capacity)
        self.small = small
        self.clock = clock
        var initial = State()
        initial.statistics.capacity = self.capacity
        state = Locked(initial)
    }

    /// Takes `bytes` for work of `claim`, waiting while they do not fit, until `deadline`
    /// (milliseconds on the gate's clock; nil: no deadline) or until `isCancelled` says
    /// nobody wants the work. `.granted` means the bytes are held: give them back with
    /// `release(bytes)` (the same number) when the work ends.
    public func acquire(_ bytes: Int, claim: Claim, deadline: Int64? = nil,
                        isCancelled: @escaping @Sendable () -> Bool = { false }) -> Admission {
        let isSmall = claim == .quick && bytes <= (small?.each ?? -1)
        let bytes = min(max(0, bytes), capacity)
        let wakeUp = DispatchSemaphore(value: 0)
        let (id, immediate) = state.withLock { state -> (UInt64, Admission?) in
            guard !state.stopping else { return (0, .stopped) }
            state.nextID += 1
            let id = state.nextID
            state.waiting.append(Waiter(id: id, bytes: bytes, claim: claim, isSmall: isSmall, since: clock.milliseconds(),
                                        isCancelled: isCancelled, wakeUp: wakeUp))
            pump(&state)
            guard let end = state.ends.removeValue(forKey: id) else {
                state.statistics.waited += 1
                return (id, nil)
            }
            return (id, end)
        }
        if let immediate { return immediate }
        while true {
            let woken: Bool
            if let deadline {
                let remaining = deadline - clock.milliseconds()
                woken = remaining > 0 && wakeUp.wait(timeout: .now() + .milliseconds(Int(min(remaining, Int64(Int32.max))))) == .success
            } else {
                wakeUp.wait()
                woken = true
            }
            let end = state.withLock { state -> Admission? in
                if let end = state.ends.removeValue(forKey: id) { return end }
                guard !woken else { return nil }  // woken for nothing decided: wait on
                // The deadline passed (as the gate's clock tells it) before anything was decided.
                guard let deadline, clock.milliseconds() >= deadline else { return nil }
                state.waiting.removeAll { $0.id == id }
                state.statistics.timedOut += 1
                // Its leaving may let a waiter behind it go.
                pump(&state)
                return .timedOut
            }
            if let end { return end }
        }
    }

    /// Gives back `bytes` taken by a granted `acquire`, and lets waiters that now fit go.
    public func release(_ bytes: Int) {
        let bytes = min(max(0, bytes), capacity)
        state.withLock { state in
            state.statistics.held -= bytes
            pump(&state)
        }
    }

    /// Asks every waiter's `isCancelled` again, ending the waits of those nobody wants.
    public func wake() {
        state.withLock { pump(&$0) }
    }

    /// Ends every wait with `.stopped`, and refuses every later one.
    public func stop() {
        state.withLock { state in
            state.stopping = true
            for waiter in state.waiting {
                state.ends[waiter.id] = .stopped
                waiter.wakeUp.signal()
            }
            state.waiting = []
        }
    }

    /// What the gate holds and has done.
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.waiting = state.waiting.count
            return statistics
        }
    }

    /// Decides what can be decided now: cancelled waiters leave, then waiters are granted
    /// in the order of the type's summary while they fit. With the lock held.
    private func pump(_ state: inout State) {
        let now = clock.milliseconds()
        state.waiting.removeAll { waiter in
            guard waiter.isCancelled() else { return false }
            state.ends[waiter.id] = .cancelled
            waiter.wakeUp.signal()
            return true
        }
        func rank(_ waiter: Waiter) -> Int {
            waiter.claim != .background && now - waiter.since >= Self.agingMilliseconds ? -1 : waiter.claim.rawValue
        }
        // Stable: equal ranks stay in the order they came (ids grow).
        let order = state.waiting.sorted { (rank($0), $0.id) < (rank($1), $1.id) }
        var granted = Set<UInt64>()
        // Small quick claims first, against the capacity and their allowance, whatever waits.
        if let small {
            for waiter in order where waiter.isSmall {
                guard waiter.bytes <= capacity + small.together - state.statistics.held else { break }
                grant(waiter)
            }
        }
        func grant(_ waiter: Waiter) {
            state.statistics.held += waiter.bytes
            state.statistics.peak = max(state.statistics.peak, state.statistics.held)
            state.statistics.granted += 1
            state.ends[waiter.id] = .granted
            granted.insert(waiter.id)
            waiter.wakeUp.signal()
        }
        for waiter in order where !granted.contains(waiter.id) {
            if waiter.bytes <= capacity - state.statistics.held {
                grant(waiter)
            } else if rank(waiter) <= Claim.quick.rawValue {
                break  // it keeps its place: what is given back next goes to it first
            }
        }
        if !granted.isEmpty { state.waiting.removeAll { granted.contains($0.id) } }
    }
}
