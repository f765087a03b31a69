/// Checks over every byte of a request's target and field values, eight bytes at a time.
/// They run on every byte of every request; checked one at a time they were the largest
/// part of the parse. No library here offers them (the word-at-a-time tests are the
/// well-known "has a byte less than / equal to" bit tricks).
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// True when some byte of `word` is less than `limit` (≤ 128).
    @inline(__always)
    private static func hasByte(_ word: UInt64, lessThan limit: UInt64) -> Bool {
        (word &- ones &* limit) & ~word & highs != 0
    }

    /// True when some byte of `word` is `value`.
    @inline(__always)
    private static func hasByte(_ word: UInt64, equalTo value: UInt64) -> Bool {
        hasByte(word ^ (ones &* value), lessThan: 1)
    }

    /// True when every byte of `bytes` satisfies `test`, checking whole words with
    /// `wordIsClean` first (a word it passes needs no byte test).
    @inline(__always)
    private static func all(_ bytes: UnsafeBufferPointer<UInt8>, wordIsClean: (UInt64) -> Bool, _ test: (UInt8) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if !wordIsClean(word) {
                for index in offset ..< offset + 8 where !test(bytes[index]) { return false }
            }
            offset += 8
        }
        for index in offset ..< bytes.count where !test(bytes[index]) { return false }
        return true
    }

    /// True when every byte is visible US-ASCII (0x21–0x7E), as a request target must be.
    static func allVisibleASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        all(bytes, wordIsClean: { word in
            // No byte below 0x21, none with the high bit, none equal to 0x7F.
            !hasByte(word, lessThan: 0x21) && word & highs == 0 && !hasByte(word, equalTo: 0x7F)
        }, { $0 > 0x20 && $0 < 0x7F })
    }

    /// True when every byte may be in a field value (RFC 9110 §5.5): a tab, a visible or
    /// space character, or obs-text (0x80–0xFF); never another control character or DEL.
    static func allFieldValueBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        all(bytes, wordIsClean: { word in
            // The high-bit bytes (obs-text) pass the byte test; a word holding one is checked
            // byte by byte, since the subtraction trick reads them as small.
            word & highs == 0 && !hasByte(word, lessThan: 0x20) && !hasByte(word, equalTo: 0x7F)
        }, { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
    }
}
