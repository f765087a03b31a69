#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds from an arbitrary start, never going back. Injected so connection
/// timing can be tested without waiting.
public protocol MonotonicClock: Sendable {
    /// The current time in milliseconds.
    func milliseconds() -> Int64
}

extension MonotonicClock {
    /// The current time as a `Duration` from the clock's start, in whole milliseconds.
    public var elapsed: Duration { .milliseconds(milliseconds()) }
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

extension Duration {
    /// The duration in whole milliseconds (rounded towards zero), the unit `MonotonicClock`
    /// counts in: configuration states times as `Duration`s, the loops and queues compare
    /// clock readings.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension Duration {
    /// The duration in seconds, as a fraction (for comparing with render estimates, which
    /// are seconds of one core).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension Duration {
    /// `seconds` as a duration, held between zero and a million seconds (an estimate may be
    /// infinite: "after everything else").
    public init(clampedSeconds seconds: Double) {
        self = .seconds(seconds.isNaN ? 0 : min(max(seconds, 0), 1_000_000))
    }
}
