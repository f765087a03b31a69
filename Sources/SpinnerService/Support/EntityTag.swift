import HTTPServer

/// Strong entity tags from content (64-bit FNV-1a, enough to tell versions of one URL
/// apart), and `If-None-Match` matching with the weak comparison RFC 9110 §13.1.2 asks for.
enum EntityTag {
    /// `"<16 hex digits>"` for `bytes`.
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// True when `header` (an `If-None-Match` value) lists `tag` or is `*`.
    static func matches(_ header: String?, _ tag: String) -> Bool {
        guard let header else { return false }
        let opaque = { (text: Substring) -> Substring in
            let trimmed = text.trimmingOptionalWhitespace()
            return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
        }
        return header.split(separator: ",").contains { item in
            let candidate = opaque(item)
            return candidate == "*" || candidate == tag
        }
    }
}
