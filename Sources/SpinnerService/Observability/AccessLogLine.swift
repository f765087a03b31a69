#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import SpinnerLottie

/// How `spinnerd serve` writes one answer's line (`--log-format`).
public enum AccessLogFormat: String, CaseIterable, Sendable {
    /// `TIME CLIENT "METHOD TARGET VERSION" STATUS BYTES MSms cache=… "USER-AGENT"`, a
    /// line as web servers' combined logs read.
    case text
    /// One JSON object a line: `time`, `client`, `peer`, `method`, `path`, `protocol`,
    /// `status`, `bytes`, `duration_ms`, `cache`, `user_agent` (log shippers parse it as is).
    case json
}

/// One answer's access-log line, in a format, its client resolved through trusted fronts,
/// its signature shortened (the log never holds a whole one).
public enum AccessLogLine {
    /// The line for `entry`, answered at `time` (seconds and nanoseconds since the epoch).
    public static func make(_ entry: AccessLogEntry, format: AccessLogFormat, trusted: TrustedProxies,
                            time: (seconds: Int, nanoseconds: Int) = now()) -> String {
        let request = entry.request
        let client = trusted.client(peer: entry.peer, forwardedFor: request.forwardedFor)
        let target = bounded(withoutSignature(request.target), 300)
        let version = request.version?.rawValue ?? "-"
        let method = request.method?.rawValue ?? "-"
        let cache = entry.note.flatMap { $0.hasPrefix("cache=") ? String($0.dropFirst(6)) : nil }
        let agent = request.userAgent.map { bounded($0, 256) }
        let stamp = timestamp(time)
        switch format {
        case .text:
            return "\(stamp) \(client) \"\(method) \(quotedText(target)) \(version)\" \(entry.status.code) \(entry.bytes) "
                + "\(entry.milliseconds)ms \(entry.note ?? "-") \"\(agent.map(quotedText) ?? "-")\""
        case .json:
            var fields = ["\"time\":\(JSONString.quoted(stamp))", "\"client\":\(JSONString.quoted(client))",
                          "\"peer\":\(JSONString.quoted(entry.peer.description))"]
            fields.append("\"method\":" + (request.method.map { JSONString.quoted($0.rawValue) } ?? "null"))
            fields.append("\"path\":\(JSONString.quoted(target))")
            fields.append("\"protocol\":" + (request.version.map { JSONString.quoted($0.rawValue) } ?? "null"))
            fields.append("\"status\":\(entry.status.code)")
            fields.append("\"bytes\":\(entry.bytes)")
            fields.append("\"duration_ms\":\(entry.milliseconds)")
            fields.append("\"cache\":" + (cache.map(JSONString.quoted) ?? "null"))
            fields.append("\"user_agent\":" + (agent.map(JSONString.quoted) ?? "null"))
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// The wall clock now.
    public static func now() -> (seconds: Int, nanoseconds: Int) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int(time.tv_sec), Int(time.tv_nsec))
    }

    /// RFC 3339 in UTC, to the millisecond: `2026-12-05T03:28:20.123Z`.
    static func timestamp(_ time: (seconds: Int, nanoseconds: Int)) -> String {
        var seconds = time_t(time.seconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(Int32(time.nanoseconds / 1_000_000), 3))Z"
    }

    /// `target` with each signature's value (`URLSigning.parameter`) cut to its first 8
    /// characters and `...`: enough to tell signatures apart in a log, too little to replay one.
    static func withoutSignature(_ target: String) -> String {
        guard let question = target.firstIndex(of: "?") else { return target }
        let name = URLSigning.parameter + "="
        let pairs = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            pair.hasPrefix(name) && pair.count > name.count + 8 ? pair.prefix(name.count + 8) + "..." : String(pair)
        }
        return String(target[...question]) + pairs.joined(separator: "&")
    }

    /// At most `limit` characters of `text`, and `...` when it was longer.
    static func bounded(_ text: String, _ limit: Int) -> String {
        text.count > limit ? text.prefix(limit) + "..." : text
    }

    /// `text` for inside double quotes in the text format: `"` and `\` escaped, control
    /// characters as `\xNN`, so that a line is always one line.
    static func quotedText(_ text: String) -> String {
        var quoted = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted
    }
}
