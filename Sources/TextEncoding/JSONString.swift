/// JSON's string literal (RFC 8259 §7): the Lottie writer's, and the OpenAPI document's
/// YAML, whose double-quoted scalars take JSON's form as it is (YAML 1.2 is a superset of
/// JSON). Escapes as `JSONEscape` says, as the logs do.
public enum JSONString {
    /// `value` in double quotes: quotes, backslashes, control characters and DEL escaped
    /// (DEL is not printable in YAML).
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(value.utf8.count + 2)
        for byte in value.utf8 {
            guard byte < 0x80 else {
                bytes.append(byte)  // a String's UTF-8 is valid: its sequences are kept whole
                continue
            }
            switch JSONEscape.written(byte) {
            case .itself: bytes.append(byte)
            case .backslashed(let letter): bytes += [UInt8(ascii: "\\"), letter]
            case .unicode:
                bytes += Array("\\u00".utf8)
                bytes += [JSONEscape.hexDigits[Int(byte >> 4)], JSONEscape.hexDigits[Int(byte & 0xF)]]
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
