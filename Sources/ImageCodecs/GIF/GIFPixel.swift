/// A pixel with GIF's 1-bit alpha: clear, or an opaque colour (one word: 0, or a flag
/// bit above the colour's `0xRRGGBB`).
struct GIFPixel: Hashable, Sendable {
    private let word: UInt32

    /// Nothing: the transparent index.
    static let clear = GIFPixel(word: 0)

    /// `color`, fully opaque.
    @inline(__always) init(opaque color: RGB24) {
        word = 0x0100_0000 | color.word
    }

    private init(word: UInt32) {
        self.word = word
    }

    /// The colour, or nil when clear.
    var color: RGB24? { word == 0 ? nil : RGB24(word: word) }
}
