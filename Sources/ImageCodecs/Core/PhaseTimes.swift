import Locking

/// Where a render's time goes: nanoseconds of thread time per `RenderPhase`, summed over
/// every thread that worked on it (so with two cores the phases can add up to more than
/// the wall time). Encoders and the renderer measure into one instance; `.off` measures
/// nothing and costs a branch.
public final class PhaseTimes: Sendable {
    private let enabled: Bool
    private let totals = Locked<[UInt64]>([UInt64](repeating: 0, count: RenderPhase.allCases.count))

    /// A recorder; `enabled: false` only runs the work.
    public init(enabled: Bool = true) {
        self.enabled = enabled
    }

    /// Measures nothing: what renders use unless someone asks.
    public static let off = PhaseTimes(enabled: false)

    /// Runs `body`, adding its time to `phase`.
    @inline(__always)
    public func measure<T, E: Error>(_ phase: RenderPhase, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let start = ContinuousClock.now
        defer { add(phase, since: start) }
        return try body()
    }

    private func add(_ phase: RenderPhase, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let nanoseconds = UInt64(max(0, elapsed.components.seconds)) * 1_000_000_000
            + UInt64(max(0, elapsed.components.attoseconds / 1_000_000_000))
        totals.withLock { $0[phase.rawValue] += nanoseconds }
    }

    /// Milliseconds spent in each phase so far, in phase order.
    public var milliseconds: [(phase: RenderPhase, milliseconds: Double)] {
        let snapshot = totals.withLock { $0 }
        return RenderPhase.allCases.map { ($0, Double(snapshot[$0.rawValue]) / 1_000_000) }
    }
}
