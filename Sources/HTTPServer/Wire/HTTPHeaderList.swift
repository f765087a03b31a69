/// Reading comma-separated header values (RFC 9110 §5.6.1) from their bytes, as the fast
/// path finds them in a connection's input and as the parsed request holds them (the scan's
/// `Connection` tokens, and the service's `If-None-Match` and `Accept-Encoding`).
public enum HTTPHeaderList {
    /// Calls `body` with each item of `value` without surrounding spaces and tabs, until
    /// it returns false.
    public static func forEachItem(_ value: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ","),
                            _ body: (UnsafeRawBufferPointer) -> Bool) {
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != separator { end += 1 }
            if !body(trimmed(UnsafeRawBufferPointer(rebasing: value[start ..< end]))) { return }
            start = end + 1
        }
    }

    /// `bytes` without leading and trailing spaces and tabs ("OWS").
    public static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var low = 0, high = bytes.count
        while low < high, bytes[low] == space || bytes[low] == tab { low += 1 }
        while high > low, bytes[high - 1] == space || bytes[high - 1] == tab { high -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[low ..< high])
    }

    /// True when `bytes` are `lowercase` with ASCII letters in any case.
    public static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        for offset in 0 ..< bytes.count {
            let byte = bytes[offset], wanted = lowercase.utf8Start[offset]
            guard byte == wanted || (byte | 0x20 == wanted && wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z")) else { return false }
        }
        return true
    }

    /// `text`'s UTF-8 as `body` sees it.
    public static func withBytes<Result>(of text: String?, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        guard var text else { return body(nil) }
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
}
