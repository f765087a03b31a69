/// JSON's string literal (RFC 8259 §7), the one escaper of the code: the Lottie writer's,
/// and the OpenAPI document's YAML, whose double-quoted scalars take JSON's form as it is
/// (YAML 1.2 is a superset of JSON).
public enum JSONString {
    /// `value` in double quotes: quotes, backslashes, control characters and DEL escaped
    /// (DEL is not printable in YAML).
    public static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
