/// The iOS system palette that the seeds' SwiftUI colours resolve to, with the light
/// and dark appearance of each (UIKit's published sRGB values).
public enum SystemColor: String, CaseIterable, Sendable {
    case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal
    case systemCyan, systemBlue, systemIndigo, systemPurple, systemPink, systemBrown
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel
    case systemBackground

    /// SwiftUI spellings accepted as aliases: `primary` is `label`, `secondary` is
    /// `secondaryLabel`, `accent`/`accentColor` is the default accent `systemBlue`.
    public static let aliases: [String: SystemColor] = [
        "primary": .label, "secondary": .secondaryLabel,
        "accent": .systemBlue, "accentcolor": .systemBlue,
    ]

    /// The colour in light mode.
    public var light: Color { Self.palette(self).light }
    /// The colour in dark mode.
    public var dark: Color { Self.palette(self).dark }

    /// The colour for `theme`.
    public func resolved(for theme: Theme) -> Color {
        theme == .dark ? dark : light
    }

    private static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ alpha: Double = 1) -> Color {
        Color(red8: r, green8: g, blue8: b).multiplyingAlpha(alpha)
    }

    private static func palette(_ color: SystemColor) -> (light: Color, dark: Color) {
        switch color {
        case .systemRed: (rgb(255, 59, 48), rgb(255, 69, 58))
        case .systemOrange: (rgb(255, 149, 0), rgb(255, 159, 10))
        case .systemYellow: (rgb(255, 204, 0), rgb(255, 214, 10))
        case .systemGreen: (rgb(52, 199, 89), rgb(48, 209, 88))
        case .systemMint: (rgb(0, 199, 190), rgb(99, 230, 226))
        case .systemTeal: (rgb(48, 176, 199), rgb(64, 200, 224))
        case .systemCyan: (rgb(50, 173, 230), rgb(100, 210, 255))
        case .systemBlue: (rgb(0, 122, 255), rgb(10, 132, 255))
        case .systemIndigo: (rgb(88, 86, 214), rgb(94, 92, 230))
        case .systemPurple: (rgb(175, 82, 222), rgb(191, 90, 242))
        case .systemPink: (rgb(255, 45, 85), rgb(255, 55, 95))
        case .systemBrown: (rgb(162, 132, 94), rgb(172, 142, 104))
        case .systemGray: (rgb(142, 142, 147), rgb(142, 142, 147))
        case .systemGray2: (rgb(174, 174, 178), rgb(99, 99, 102))
        case .systemGray3: (rgb(199, 199, 204), rgb(72, 72, 74))
        case .systemGray4: (rgb(209, 209, 214), rgb(58, 58, 60))
        case .systemGray5: (rgb(229, 229, 234), rgb(44, 44, 46))
        case .systemGray6: (rgb(242, 242, 247), rgb(28, 28, 30))
        case .label: (rgb(0, 0, 0), rgb(255, 255, 255))
        case .secondaryLabel: (rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
        case .tertiaryLabel: (rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
        case .quaternaryLabel: (rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
        case .systemBackground: (rgb(255, 255, 255), rgb(0, 0, 0))
        }
    }
}

/// Which appearance of the system colours a picture uses. Default `light`.
public enum Theme: String, CaseIterable, Sendable {
    /// iOS light mode, the seeds' look.
    case light
    /// iOS dark mode.
    case dark
}

/// The `theme` parameter: a fixed appearance, or `auto` to follow the viewer's
/// `prefers-color-scheme` (SVG only; raster formats draw `auto` as light).
public enum ThemeChoice: String, CaseIterable, Sendable {
    case light, dark, auto

    /// The theme a picture that cannot adapt is drawn in.
    public var fixed: Theme { self == .dark ? .dark : .light }
}
