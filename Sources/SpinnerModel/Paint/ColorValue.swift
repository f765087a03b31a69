/// A colour as a user gives it: a fixed sRGB colour (hex or CSS name) or a system
/// colour whose value follows the theme. Parsed once at the edge by `init(parsing:)`.
public enum ColorValue: Hashable, Sendable {
    /// A fixed colour, the same in every theme.
    case fixed(Color)
    /// An iOS system colour, resolved per theme.
    case system(SystemColor)

    /// The concrete colour for `theme`.
    public func resolved(for theme: Theme) -> Color {
        switch self {
        case .fixed(let color): color
        case .system(let system): system.resolved(for: theme)
        }
    }

    /// The one canonical spelling: lower-case hex without `#` (`rrggbb` or `rrggbbaa`)
    /// for fixed colours, the camel-case name for system colours.
    public var canonicalText: String {
        switch self {
        case .fixed(let color): color.hex
        case .system(let system): system.rawValue
        }
    }

    /// Every CSS colour name, sorted.
    public static let namedColors: [String] = CSSColorNames.table.keys.sorted()

    /// Every name a colour may be given by: `transparent`, `none`, the CSS names and the
    /// system colours, as spelled in the catalog.
    public static let acceptedNames: [String] = ["transparent", "none"] + namedColors + SystemColor.allCases.map(\.rawValue)

    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (the `#` optional, since it must
    /// be escaped in URLs), CSS named colours, `transparent` (or `none`, as in SVG's
    /// `fill="none"`: no colour), CSS `rgb()`/`rgba()`/`hsl()`/`hsla()`
    /// (`CSSColorFunction`), and the system names of `SystemColor` (case-insensitive).
    /// Returns nil for anything else.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if lowered == "transparent" || lowered == "none" {
            self = .fixed(.transparent)
            return
        }
        if let rgb = CSSColorNames.table[lowered] {
            self = .fixed(Color(red8: UInt8(rgb >> 16 & 0xFF), green8: UInt8(rgb >> 8 & 0xFF),
                                blue8: UInt8(rgb & 0xFF)))
            return
        }
        if let system = SystemColor.allCases.first(where: { $0.rawValue.lowercased() == lowered })
            ?? SystemColor.aliases[lowered] {
            self = .system(system)
            return
        }
        if lowered.contains("("), let color = CSSColorFunction.parse(lowered) {
            self = .fixed(color)
            return
        }
        guard let color = ColorValue.parseHex(lowered) else { return nil }
        self = .fixed(color)
    }

    private static func parseHex(_ text: String) -> Color? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard [3, 4, 6, 8].contains(digits.count),
              digits.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
        var values = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        if values.count <= 4 {
            values = values.map { $0 * 17 }  // #abc means #aabbcc
        } else {
            values = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        }
        return Color(red8: values[0], green8: values[1], blue8: values[2],
                     alpha8: values.count == 4 ? values[3] : 255)
    }
}
