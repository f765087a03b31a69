#if canImport(Glibc)
import Glibc
#endif
import SpinnerModel

/// Compact text for numbers, colours and escaped strings in the SVG.
enum SVGFormat {
    /// `value` with at most `places` decimals, no trailing zeros and no leading zero
    /// (`12.5`, `.25`, `-.5`, `3`).
    static func number(_ value: Double, places: Int = 3) -> String {
        let scaled = (value * pow(10, Double(places))).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15, scaled != 0 else { return "0" }
        var digits = String(Int64(abs(scaled)))
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
            if digits.hasPrefix("0.") { digits.removeFirst() }
        }
        return (scaled < 0 ? "-" : "") + digits
    }

    /// A keyframe position: `fraction` of the period as a percentage with 4 decimals.
    static func percent(_ fraction: Double) -> String {
        number(fraction * 100, places: 4) + "%"
    }

    /// `#rgb` when each channel's two hex digits are equal, else `#rrggbb` (alpha is separate).
    static func color(_ color: Color) -> String {
        let (r, g, b, _) = color.bytes
        if r % 17 == 0 && g % 17 == 0 && b % 17 == 0 {
            return "#" + [r, g, b].map { String($0 / 17, radix: 16) }.joined()
        }
        return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// `text` safe inside XML character data and double-quoted attributes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
