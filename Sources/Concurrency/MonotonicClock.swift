#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds from an arbitrary start, never going back. Injected so connection
/// timing can be tested without waiting.
public protocol MonotonicClock: Sendable {
    /// The current time in milliseconds.
    func milliseconds() -> Int64
}

/// `CLOCK_MONOTONIC`.
public struct SystemClock: MonotonicClock {
    public init() {}

    public func milliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
