/// Splits an origin-form request target into its decoded path and query items.
public enum URLComponentsDecoding {
    /// The decoded path of `/a%20b?x=1`: `/a b`.
    static func path(of target: String) -> String {
        let end = target.utf8.firstIndex(of: UInt8(ascii: "?")) ?? target.utf8.endIndex
        let raw = String(target[..<end])
        return raw.utf8.contains(UInt8(ascii: "%")) ? percentDecoded(raw, plusIsSpace: false) : raw
    }

    /// The decoded query items of `/p?x=1&y=%23`: [(x, 1), (y, #)]. Empty items are
    /// skipped; an item without `=` has an empty value.
    public static func query(of target: String) -> [(name: String, value: String)] {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [] }
        let text = target[target.utf8.index(after: mark)...]
        return text.split(separator: "&").compactMap { item -> (name: String, value: String)? in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(String(pair[0]), plusIsSpace: true)
            guard !name.isEmpty else { return nil }
            return (name, pair.count > 1 ? percentDecoded(String(pair[1]), plusIsSpace: true) : "")
        }
    }

    /// `text` with `%XX` decoded (invalid escapes are kept as they are) and, in queries,
    /// `+` as a space. Bytes that are not UTF-8 become U+FFFD.
    static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input.removeFirst(2)
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
