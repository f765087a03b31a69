import HTTPServer

/// Strong entity tags from content (64-bit FNV-1a, enough to tell versions of one URL
/// apart), and `If-None-Match` matching with the weak comparison RFC 9110 §13.1.2 asks for.
enum EntityTag {
    /// `"<16 hex digits>"` for `bytes`, and for `version` (a URL's `v`) after them when
    /// there is one: the same bytes under another version are another tag, so a cache that
    /// revalidates a versioned URL never matches the tag of another version.
    static func of(_ bytes: [UInt8], version: String = "") -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for byte in bytes { add(byte) }
        if !version.isEmpty {
            for byte in [0] + Array("v=".utf8) + Array(version.utf8) { add(byte) }
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// True when the bytes of an `If-None-Match` value list `tag` (its bytes, quotes
    /// included) or are `*`; `W/` before an item is ignored (the weak comparison).
    static func matches(_ header: UnsafeRawBufferPointer?, _ tag: [UInt8]) -> Bool {
        guard let header else { return false }
        var found = false
        HTTPHeaderList.forEachItem(header) { item in
            let opaque = item.starts(with: weakPrefix) ? UnsafeRawBufferPointer(rebasing: item[2...]) : item
            found = (opaque.count == 1 && opaque[0] == UInt8(ascii: "*")) || opaque.elementsEqual(tag)
            return !found
        }
        return found
    }

    private static let weakPrefix = Array("W/".utf8)
}
