#if canImport(Glibc)
import Glibc
#endif

/// The clocks and the sleep a thread paces itself by (the service's background CPU bound),
/// in seconds as fractions: the rest of the render queue reaches the platform through this
/// module only.
public enum ThreadTime {
    /// Seconds on `CLOCK_MONOTONIC`, from an arbitrary start, never going back.
    public static func monotonicSeconds() -> Double {
        seconds(of: CLOCK_MONOTONIC)
    }

    /// CPU seconds the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
    public static func callingThreadCPUSeconds() -> Double {
        seconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    /// Sleeps the calling thread about `seconds` (at least a microsecond's granularity).
    public static func sleep(seconds: Double) {
        usleep(useconds_t(max(0, min(seconds, 3600)) * 1_000_000))
    }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
