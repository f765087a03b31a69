import Glibc
import Concurrency

/// Where a render's CPU time goes: nanoseconds of thread CPU time per `RenderPhase`, summed
/// over every thread that worked on it (so with two cores the phases can add up to more
/// than the wall time). Each phase counts only its own time: a phase measured inside
/// another (drawing a frame while the encoder reduces it) is taken out of the outer one,
/// so the phases and the time outside any phase add up to the process's CPU time.
/// Encoders and the renderer measure into one instance; `.off` measures nothing and costs
/// a branch.
public final class PhaseTimes: Sendable {
    private let enabled: Bool
    private let totals = Locked<[UInt64]>([UInt64](repeating: 0, count: RenderPhase.allCases.count))

    /// A recorder; `enabled: false` only runs the work.
    public init(enabled: Bool = true) {
        self.enabled = enabled
    }

    /// Measures nothing: what renders use unless someone asks.
    public static let off = PhaseTimes(enabled: false)

    /// Runs `body`, adding its own CPU time (less that of phases measured inside it) to `phase`.
    @inline(__always)
    public func measure<T, E: Error>(_ phase: RenderPhase, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let start = Self.threadNanoseconds()
        let outer = NestedTime.current
        NestedTime.current = 0
        defer {
            let elapsed = Self.threadNanoseconds() &- start
            let inner = NestedTime.current
            totals.withLock { $0[phase.rawValue] += elapsed - min(elapsed, inner) }
            NestedTime.current = outer + elapsed
        }
        return try body()
    }

    /// Milliseconds of CPU time spent in each phase so far, in phase order.
    public var milliseconds: [(phase: RenderPhase, milliseconds: Double)] {
        let snapshot = totals.withLock { $0 }
        return RenderPhase.allCases.map { ($0, Double(snapshot[$0.rawValue]) / 1_000_000) }
    }

    /// CPU time of the calling thread, in nanoseconds.
    public static func threadNanoseconds() -> UInt64 { clock(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time of the whole process (every thread), in nanoseconds.
    public static func processNanoseconds() -> UInt64 { clock(CLOCK_PROCESS_CPUTIME_ID) }

    private static func clock(_ id: clockid_t) -> UInt64 {
        var time = timespec()
        guard clock_gettime(id, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Per thread: CPU nanoseconds spent in phases measured inside the phase now running on
/// it, which that phase does not count as its own. Kept in a pthread key (the value in the
/// pointer's bits): the render threads are plain threads, not tasks.
private enum NestedTime {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: UInt64 {
        get { UInt64(UInt(bitPattern: pthread_getspecific(key))) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(newValue))) }
    }
}
