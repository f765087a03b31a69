#if canImport(Glibc)
import Glibc
#endif

/// A JSON value as the Lottie writer builds it: objects keep their keys in the order
/// given, because rlottie reads a shape's `ty` only when it comes first and a layer's
/// `ks` rotation only after `ddd`; numbers that are whole are written as integers
/// (rlottie refuses `1.0` where it expects an integer), others with at most four decimals.
indirect enum LottieValue: Equatable, Sendable {
    case object([(String, LottieValue)])
    case array([LottieValue])
    case number(Double)
    case string(String)
    case bool(Bool)

    static func == (a: LottieValue, b: LottieValue) -> Bool {
        a.json == b.json
    }

    /// An integer.
    static func int(_ value: Int) -> LottieValue { .number(Double(value)) }

    /// The value of `key` in an object (nil for other values or a missing key).
    subscript(key: String) -> LottieValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// An array's elements (empty for other values).
    var elements: [LottieValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// A string's text (nil for other values).
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The compact JSON text.
    var json: String {
        var text = ""
        write(into: &text)
        return text
    }

    private func write(into text: inout String) {
        switch self {
        case .object(let pairs):
            text += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { text += "," }
                text += "\"" + key + "\":"
                value.write(into: &text)
            }
            text += "}"
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(into: &text)
            }
            text += "]"
        case .number(let value):
            text += Self.number(value)
        case .string(let value):
            text += Self.quoted(value)
        case .bool(let value):
            text += value ? "true" : "false"
        }
    }

    /// `value` with at most four decimals, no trailing zeros, and no point when whole.
    static func number(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15, scaled != 0 else { return "0" }
        var digits = String(Int64(abs(scaled)))
        if digits.count <= 4 { digits = String(repeating: "0", count: 5 - digits.count) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -4))
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return (scaled < 0 ? "-" : "") + digits
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
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
