#if canImport(Glibc)
import Glibc
#endif

/// CSS Color 4's `rgb()`, `rgba()`, `hsl()` and `hsla()` as people write them in
/// stylesheets: the legacy comma form (`rgb(255, 0, 0)`, `rgba(255,0,0,0.5)`,
/// `hsl(0, 100%, 50%)`) and the modern space form (`rgb(255 0 0 / 50%)`,
/// `rgb(100% 0% 0%)`, `hsl(120deg 100% 25%)`, `none` for a missing component).
///
/// Each channel is rounded to 8 bits here, at the edge, so every spelling of one colour
/// is the same `Color`, with one canonical hex, one cache entry and one ETag. Unlike a
/// browser, values outside their range are refused rather than clamped (`rgb(256,0,0)`
/// is a mistake in a URL, not a colour), and so is anything malformed.
enum CSSColorFunction {
    /// The colour `text` (lower-cased) names, or nil when it is not one of the functions
    /// or is malformed or out of range.
    static func parse(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingSpaces
        let inner = String(text[text.index(after: open) ..< text.index(before: text.endIndex)])
        guard let (components, alpha) = split(inner) else { return nil }
        switch name {
        case "rgb", "rgba": return rgb(components, alpha: alpha, legacy: inner.contains(","))
        case "hsl", "hsla": return hsl(components, alpha: alpha, legacy: inner.contains(","))
        default: return nil
        }
    }

    /// The three components and the optional alpha: by commas (legacy: exactly 3 or 4, no
    /// `/`, no `none`) or by spaces with `/` before the alpha (modern).
    private static func split(_ inner: String) -> (components: [String], alpha: String?)? {
        if inner.contains(",") {
            guard !inner.contains("/") else { return nil }
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") && $0 != "none" }) else {
                return nil
            }
            return (Array(parts[0 ..< 3]), parts.count == 4 ? parts[3] : nil)
        }
        let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let components = halves[0].split(separator: " ").map(String.init)
        guard components.count == 3 else { return nil }
        guard halves.count == 2 else { return (components, nil) }
        let alpha = halves[1].split(separator: " ").map(String.init)
        guard alpha.count == 1 else { return nil }
        return (components, alpha[0])
    }

    private static func rgb(_ components: [String], alpha: String?, legacy: Bool) -> Color? {
        var channels: [Double] = []
        var percentages = 0
        for component in components {
            if component == "none" {
                channels.append(0)
            } else if let percent = percentage(component) {
                guard (0 ... 100).contains(percent) else { return nil }
                channels.append(percent * 255 / 100)
                percentages += 1
            } else if let value = number(component) {
                guard (0 ... 255).contains(value) else { return nil }
                channels.append(value)
            } else {
                return nil
            }
        }
        // The legacy form takes three numbers or three percentages, not a mix.
        if legacy && percentages != 0 && percentages != 3 { return nil }
        guard let opacity = alphaValue(alpha) else { return nil }
        return color(channels[0], channels[1], channels[2], opacity)
    }

    private static func hsl(_ components: [String], alpha: String?, legacy: Bool) -> Color? {
        guard let hue = components[0] == "none" && !legacy ? 0 : hueDegrees(components[0]) else { return nil }
        var amounts: [Double] = []
        for component in components.dropFirst() {
            if component == "none" && !legacy {
                amounts.append(0)
            } else if let percent = percentage(component) ?? (legacy ? nil : number(component)) {
                guard (0 ... 100).contains(percent) else { return nil }
                amounts.append(percent / 100)
            } else {
                return nil
            }
        }
        guard let opacity = alphaValue(alpha) else { return nil }
        // CSS Color 4's hslToRgb.
        let saturation = amounts[0], lightness = amounts[1]
        var turned = hue.truncatingRemainder(dividingBy: 360)
        if turned < 0 { turned += 360 }
        func channel(_ n: Double) -> Double {
            let k = (n + turned / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return color(channel(0) * 255, channel(8) * 255, channel(4) * 255, opacity)
    }

    /// The alpha, 0...1: a number 0...1 or a percentage; 1 when absent; `none` is 0.
    private static func alphaValue(_ text: String?) -> Double? {
        guard let text else { return 1 }
        if text == "none" { return 0 }
        if let percent = percentage(text) { return (0 ... 100).contains(percent) ? percent / 100 : nil }
        if let value = number(text) { return (0 ... 1).contains(value) ? value : nil }
        return nil
    }

    /// A hue in degrees: a number, or an angle in `deg`, `grad`, `rad` or `turn`.
    private static func hueDegrees(_ text: String) -> Double? {
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            return number(String(text.dropLast(unit.count))).map { $0 * factor }
        }
        return number(text)
    }

    private static func percentage(_ text: String) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        return number(String(text.dropLast()))
    }

    /// A CSS number: optional sign, digits with an optional fraction, optional exponent;
    /// at most 1e6 in size (no `inf`, `nan` or hex, which `Double(_:)` would read).
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.count <= 24,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }),
              text.contains(where: \.isNumber), let value = Double(text), abs(value) <= 1e6 else { return nil }
        return value
    }

    /// 8-bit channels (0...255, rounded) and an 8-bit alpha.
    private static func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> Color {
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        return Color(red8: byte(red), green8: byte(green), blue8: byte(blue), alpha8: byte(alpha * 255))
    }
}

private extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
