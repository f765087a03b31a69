/// A pixel as Cairo's ARGB32 surfaces store it: one native-endian word, alpha in the top
/// byte, the colour channels premultiplied by it.
struct PremultipliedARGB: Hashable, Sendable {
    /// `0xAARRGGBB`, premultiplied.
    let word: UInt32

    /// Opacity, 0 (clear) to 255 (opaque).
    var alpha: UInt32 { word >> 24 }

    /// The premultiplied channel at `shift` (16 red, 8 green, 0 blue).
    @inline(__always) func channel(_ shift: UInt32) -> UInt32 { (word >> shift) & 0xFF }
}
