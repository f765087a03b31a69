#if canImport(Glibc)
import Glibc
#endif

/// The wall clock as log lines write it, RFC 3339 in UTC to the millisecond
/// (`2026-12-05T03:28:20.123Z`), its date and time of day made once a second (as nginx
/// makes its log's time string) and only the milliseconds per line. One per writer.
struct LogClock {
    /// `2026-12-05T03:28:20.`: the 20 bytes before the milliseconds, for `second`.
    private var prefix: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var second = Int.min
    /// The time every line reads instead of the wall clock's (a test's); nil: the wall clock.
    private let fixed: (seconds: Int, nanoseconds: Int)?

    init(fixed: (seconds: Int, nanoseconds: Int)? = nil) {
        self.fixed = fixed
    }

    /// The time now, as seconds and nanoseconds since the epoch.
    static func now() -> (seconds: Int, nanoseconds: Int) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int(time.tv_sec), Int(time.tv_nsec))
    }

    /// Appends the time now (or the fixed time).
    mutating func append(to buffer: inout LogBuffer) {
        let time = fixed ?? LogClock.now()
        if time.seconds != second {
            second = time.seconds
            var seconds = time_t(time.seconds)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            withUnsafeMutableBytes(of: &prefix) { raw in
                var text = LogBuffer(raw)
                text.append(padded: Int(parts.tm_year) + 1900, width: 4)
                text.append(UInt8(ascii: "-"))
                text.append(padded: Int(parts.tm_mon) + 1, width: 2)
                text.append(UInt8(ascii: "-"))
                text.append(padded: Int(parts.tm_mday), width: 2)
                text.append(UInt8(ascii: "T"))
                text.append(padded: Int(parts.tm_hour), width: 2)
                text.append(UInt8(ascii: ":"))
                text.append(padded: Int(parts.tm_min), width: 2)
                text.append(UInt8(ascii: ":"))
                text.append(padded: Int(parts.tm_sec), width: 2)
                text.append(UInt8(ascii: "."))
            }
        }
        withUnsafeBytes(of: prefix) { buffer.append(UnsafeRawBufferPointer(rebasing: $0[0 ..< 20])) }
        buffer.append(padded: time.nanoseconds / 1_000_000, width: 3)
        buffer.append(UInt8(ascii: "Z"))
    }
}
