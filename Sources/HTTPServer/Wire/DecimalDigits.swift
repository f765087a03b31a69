/// A whole number's decimal digits, made on the stack without a string: what the serializer
/// writes `Content-Length` with and the access log its numbers.
enum DecimalDigits {
    /// Lends `body` the digits of `value`'s magnitude (at most 20, for `UInt64.max`).
    @inline(__always)
    static func with<Result>(_ value: UInt64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes
        var remaining = value, count = 0
        return withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[23 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            return body(UnsafeRawBufferPointer(rebasing: scratch[(24 - count)...]))
        }
    }
}
