/// An sRGB colour with straight (not premultiplied) alpha. Every channel is in
/// `0...1`: the initialiser clamps, so a `Color` cannot be out of range.
public struct Color: Hashable, Sendable {
    /// Red, 0...1.
    public let red: Double
    /// Green, 0...1.
    public let green: Double
    /// Blue, 0...1.
    public let blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A colour from 8-bit channels, as written in `#rrggbbaa`.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255,
                  blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// A gray of `white` (0 black ... 1 white), as SwiftUI's `Color(white:opacity:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (all 0...1), as SwiftUI's
    /// `Color(hue:saturation:brightness:)`; hue 0 is red, 1/3 green, 2/3 blue.
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let v = brightness
        let p = v * (1 - saturation)
        let q = v * (1 - saturation * f)
        let t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Fully transparent black.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour with its opacity multiplied by `factor` (0...1).
    public func multiplyingAlpha(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The straight-alpha mix `self·(1−f) + other·f` of every channel, as gradients interpolate.
    public func mixed(with other: Color, fraction f: Double) -> Color {
        Color(red: red + (other.red - red) * f, green: green + (other.green - green) * f,
              blue: blue + (other.blue - blue) * f, alpha: alpha + (other.alpha - alpha) * f)
    }

    /// The 8-bit channels, rounded: `(r, g, b, a)`.
    public var bytes: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        (Color.byte(red), Color.byte(green), Color.byte(blue), Color.byte(alpha))
    }

    /// Lower-case hex without `#`: `rrggbb` when opaque, else `rrggbbaa`.
    public var hex: String {
        let (r, g, b, a) = bytes
        let digits = a == 255 ? [r, g, b] : [r, g, b, a]
        return digits.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8((value * 255).rounded())
    }
}
