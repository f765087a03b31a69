import TextEncoding

/// How the log writes text that came from a client (targets, user agents, forwarded
/// addresses, request ids): always one line, always valid where it lands, never longer
/// than its bound.
extension LogBuffer {
    /// `bytes` as a JSON string, quotes included: `"`, `\` and control characters escaped
    /// (`\n`, `\u0001`), valid UTF-8 kept and each byte that is not written as U+FFFD; at
    /// most `limit` bytes of it, then `...`.
    mutating func appendJSONString(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        append(UInt8(ascii: "\""))
        appendEscaped(bytes, limit: limit, json: true)
        append(UInt8(ascii: "\""))
    }

    /// `bytes` for inside double quotes in the text format: `"` and `\` escaped, control
    /// characters and bytes that are not UTF-8 as `\xNN`, so that a line is always one
    /// line; at most `limit` bytes of it, then `...`.
    mutating func appendQuotedText(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        appendEscaped(bytes, limit: limit, json: false)
    }

    /// The one escaping both formats share: valid UTF-8 and printable ASCII kept, `"` and
    /// `\` after a backslash; control characters as JSON's `\n`, `\u0001` or the text
    /// format's `\x01`; a byte that is not UTF-8 as U+FFFD or `\xNN`.
    private mutating func appendEscaped(_ bytes: UnsafeRawBufferPointer, limit: Int, json: Bool) {
        let end = Self.cut(bytes, at: limit)
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte >= 0x80 {
                let length = Self.sequenceLength(bytes, at: index, end: end)
                if length > 0 {
                    append(UnsafeRawBufferPointer(rebasing: bytes[index ..< index + length]))
                    index += length
                    continue
                }
                if json {
                    append("\\ufffd")
                } else {
                    append("\\x")
                    appendHex(byte)
                }
                index += 1
                continue
            }
            // JSON's rule (`JSONEscape`); the text format backslashes only `"` and `\`, and
            // writes every other control character as `\xNN`.
            switch JSONEscape.written(byte) {
            case .itself: append(byte)
            case .backslashed(let letter) where json || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"):
                append(UInt8(ascii: "\\"))
                append(letter)
            case .backslashed, .unicode:
                append(json ? "\\u00" : "\\x")
                appendHex(byte)
            }
            index += 1
        }
        if end < bytes.count { append("...") }
    }

    /// `bytes` as one word of the text format (a request id): visible ASCII kept, anything
    /// else (spaces, quotes, control characters, UTF-8) as `_`; at most `limit` bytes.
    mutating func appendWord(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        for byte in bytes.prefix(limit) {
            append((0x21 ... 0x7E).contains(byte) && byte != UInt8(ascii: "\"") ? byte : UInt8(ascii: "_"))
        }
        if bytes.count > limit { append("...") }
    }

    /// Two lower-case hex digits.
    @inline(__always)
    private mutating func appendHex(_ byte: UInt8) {
        let digits: StaticString = "0123456789abcdef"
        let start = digits.utf8Start
        append(start[Int(byte >> 4)])
        append(start[Int(byte & 0xF)])
    }

    /// Where `bytes` is cut to keep at most `limit` of them: `limit`, moved back to the start
    /// of a UTF-8 sequence it would split (at most three bytes back).
    static func cut(_ bytes: UnsafeRawBufferPointer, at limit: Int) -> Int {
        guard bytes.count > limit else { return bytes.count }
        var end = limit
        while end > 0 && end > limit - 3 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a byte of 0x80 or
    /// more) and ending before `end`, or 0 when it is not one (Unicode's table 3-7: no
    /// overlong forms, no surrogates, nothing past U+10FFFF).
    static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80 ... 0xBF
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0 ... 0xBF
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; second = 0x80 ... 0x9F
        case 0xF0: length = 4; second = 0x90 ... 0xBF
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; second = 0x80 ... 0x8F
        default: return 0
        }
        guard index + length <= end, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2 ..< length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
