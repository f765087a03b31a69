import Concurrency
import Synchronization

/// A clock the test moves by hand (`now`, in milliseconds), for deadlines checked without
/// waiting.
public final class ManualClock: MonotonicClock {
    /// The time in milliseconds; starts at 0.
    public let now = Atomic<Int64>(0)

    public init() {}

    public func milliseconds() -> Int64 { now.load(ordering: .relaxed) }

    /// Moves the clock `milliseconds` on.
    public func advance(_ milliseconds: Int64) { now.add(milliseconds, ordering: .relaxed) }
}
