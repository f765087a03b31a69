/// An opaque colour, 8 bits a channel, packed `0x00RRGGBB`: a paint colour, a GIF
/// palette entry, a straight colour once settled.
public struct RGB24: Hashable, Comparable, Sendable {
    /// `0x00RRGGBB`.
    public let word: UInt32

    /// The colour of the low 24 bits of `word`.
    @inline(__always) public init(word: UInt32) {
        self.word = word & 0xFF_FFFF
    }

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        word = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    public var red: UInt8 { UInt8(truncatingIfNeeded: word >> 16) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: word >> 8) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: word) }

    /// Black, `0x000000`.
    public static let black = RGB24(word: 0)

    public static func < (a: RGB24, b: RGB24) -> Bool { a.word < b.word }
}

/// A straight (not premultiplied) RGBA pixel packed `0xRRGGBBAA`, as frames are compared,
/// counted and put in PNG palettes; every fully transparent pixel is `.clear` (0).
public struct PackedRGBA: Hashable, Comparable, Sendable {
    /// `0xRRGGBBAA`.
    public let word: UInt32

    @inline(__always) init(word: UInt32) {
        self.word = word
    }

    /// `color` at `alpha`; `.clear` when `alpha` is 0.
    public init(_ color: RGB24, alpha: UInt8) {
        word = alpha == 0 ? 0 : color.word << 8 | UInt32(alpha)
    }

    /// Nothing at all.
    public static let clear = PackedRGBA(word: 0)

    /// Opacity, 0 (clear) to 255 (opaque).
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: word) }
    /// The colour without its alpha.
    public var color: RGB24 { RGB24(word: word >> 8) }
    /// True when fully opaque.
    public var isOpaque: Bool { word & 0xFF == 0xFF }

    public static func < (a: PackedRGBA, b: PackedRGBA) -> Bool { a.word < b.word }
}

/// A pixel as libwebp keeps it: one 32-bit word with alpha in the top byte (`0xAARRGGBB`).
/// WebPAnimEncoder compares whole words, clear pixels' colour included.
struct ARGB32: Hashable, Sendable {
    /// `0xAARRGGBB`.
    let word: UInt32

    /// Fully clear, colour zero: what `IncreaseTransparency` writes.
    static let clear = ARGB32(word: 0)

    /// True when fully opaque.
    var isOpaque: Bool { word >> 24 == 0xFF }
}
