/// Values taken out of a shared structure that readers may still hold lent (uncounted),
/// each kept until the grace period begun when it was taken out has elapsed for every
/// reader of `periods`. Kept inside the structure's own lock: `retire` right after the
/// value is unlinked (no reader can find it any more), `releaseElapsed` at any later
/// change. Without `periods` (nothing is lent) a value goes at once.
public struct Retirements<Value> {
    /// The grace periods the values wait for; nil: none.
    public let periods: GracePeriods?
    /// Values taken out, oldest first, each with the period it waits for.
    private var waiting: [(value: Value, period: UInt64)] = []

    public init(periods: GracePeriods?) {
        self.periods = periods
    }

    /// Keeps `value`, just unlinked, until every reader has passed a period begun now.
    public mutating func retire(_ value: Value) {
        guard let periods else { return }
        waiting.append((value, periods.begin()))
    }

    /// Lets go of the values whose periods every reader has passed (a few atomic loads
    /// when none has).
    public mutating func releaseElapsed() {
        guard let periods, let first = waiting.first else { return }
        let elapsed = periods.elapsed()
        guard first.period <= elapsed else { return }
        waiting.removeFirst(waiting.prefix { $0.period <= elapsed }.count)
    }

    /// Values still waiting.
    public var count: Int { waiting.count }
}
