/// The colours of one image, counted: what `PNGPixelLayout.candidates` chooses a layout by.
struct ColorCensus: Sendable {
    /// Pixels of each colour (every fully transparent pixel counts as `.clear`).
    var counts: [PackedRGBA: Int] = [:]
    /// True when every pixel that is not fully transparent is gray.
    var isGray = true
    /// True when some pixel is neither fully transparent nor opaque.
    var hasPartialAlpha = false

    /// Counts `image`'s pixels.
    init(_ image: RGBAImage) {
        image.pixels.withUnsafeBufferPointer { bytes in
            // Runs of one colour (transparent corners, solid strokes) are counted at
            // once: a dictionary update per pixel was a fifth of a large encode.
            var run: (pixel: PackedRGBA, length: Int) = (.clear, 0)
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = bytes[offset + 3]
                let pixel = alpha == 0 ? PackedRGBA.clear : RGBAImage.packed(bytes, at: offset)
                if pixel == run.pixel && run.length > 0 {
                    run.length += 1
                    continue
                }
                if run.length > 0 { counts[run.pixel, default: 0] += run.length }
                run = (pixel, 1)
                if alpha != 0 && (bytes[offset] != bytes[offset + 1] || bytes[offset + 1] != bytes[offset + 2]) {
                    isGray = false
                }
                if alpha != 0 && alpha != 255 { hasPartialAlpha = true }
            }
            if run.length > 0 { counts[run.pixel, default: 0] += run.length }
        }
    }
}
