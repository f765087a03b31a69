/// GIF has 1-bit transparency, so every pixel must become either transparent or an
/// opaque colour (`GIFPixel`).
enum GIFAlpha {
    /// The 8 × 8 Bayer matrix: each cell's rank, 0...63, spread so that any density of
    /// "on" cells is evenly distributed.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// `image` with its alpha reduced to on/off.
    ///
    /// With a matte, only fully transparent pixels vanish; the rest are blended over the
    /// matte colour, smooth on a page of that colour. Without one, each pixel's opacity is
    /// thresholded against an ordered (Bayer) threshold map: opaque areas stay solid, a
    /// half-transparent edge pixel shows on about half the positions, and a shape faded
    /// to 20 % (capsules' trail, activity's tail, dots' pulse) keeps a 20 % stipple of
    /// its colour instead of vanishing, as a single 50 % cut would make it. The map is
    /// fixed in place, so still areas stay identical from frame to frame.
    static func reduce(_ image: RGBAImage, matte: GIFEncoder.Matte?) -> [GIFPixel] {
        let (width, count) = (image.width, image.width * image.height)
        return [GIFPixel](unsafeUninitializedCapacity: count) { output, initialized in
            image.pixels.withUnsafeBufferPointer { bytes in
                bayer.withUnsafeBufferPointer { bayer in
                    // Row by row, the matte decided once: a per-pixel division and optional
                    // were a tenth of a large GIF's reduction.
                    let words = UnsafeRawPointer(bytes.baseAddress)
                    // With a matte a pixel's reduction depends on its value alone: runs of one
                    // value (a translucent track's inside) reuse the last (a tenth of a large
                    // `circular` GIF was blending the same pixel over the matte).
                    var last: (word: UInt32, pixel: GIFPixel)? = nil
                    for y in 0 ..< image.height {
                        var x = 0
                        while x < width {
                            let index = y * width + x, offset = index * 4
                            // Four clear pixels at once (most of a spinner's box is clear).
                            if x + 4 <= width, let words,
                               (words.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                | words.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) & Self.alphaBytes == 0 {
                                for clear in index ..< index + 4 { output[clear] = .clear }
                                x += 4
                                continue
                            }
                            let column = x
                            x += 1
                            let word = words?.loadUnaligned(fromByteOffset: offset, as: UInt32.self) ?? 0
                            if matte != nil, let last, last.word == word {
                                output[index] = last.pixel
                                continue
                            }
                            let alpha = UInt32(bytes[offset + 3])
                            var (red, green, blue) = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]))
                            if alpha == 255 {
                                // Opaque: as it is, whatever the matte.
                            } else if let matte {
                                guard alpha > 0 else {
                                    output[index] = .clear
                                    last = (word, .clear)
                                    continue
                                }
                                red = blend(red, UInt32(matte.red), alpha)
                                green = blend(green, UInt32(matte.green), alpha)
                                blue = blend(blue, UInt32(matte.blue), alpha)
                            } else {
                                let rank = UInt32(bayer[(y & 7) * 8 + (column & 7)])
                                // On when alpha/255 exceeds (rank + 0.5)/64.
                                guard alpha * 128 > (2 * rank + 1) * 255 else {
                                    output[index] = .clear
                                    continue
                                }
                            }
                            output[index] = GIFPixel(opaque: RGB24(word: red << 16 | green << 8 | blue))
                            if matte != nil { last = (word, output[index]) }
                        }
                    }
                }
            }
            initialized = count
        }
    }

    /// Reduced frames' opaque colours mapped to one palette at `quality`
    /// (`PaletteQuantizer`); clear pixels stay clear, opaque ones opaque.
    static func quantized(_ frames: [(pixels: [GIFPixel], width: Int, height: Int)], width: Int, height: Int, quality: Int,
                          speed: Int, stop: StopCheck) throws(CodecError) -> [(pixels: [GIFPixel], width: Int, height: Int)] {
        let images = frames.map { frame in
            var bytes = [UInt8](repeating: 0, count: frame.pixels.count * 4)
            for (index, pixel) in frame.pixels.enumerated() {
                guard let color = pixel.color else { continue }
                (bytes[index * 4], bytes[index * 4 + 1], bytes[index * 4 + 2], bytes[index * 4 + 3]) = (color.red, color.green, color.blue, 255)
            }
            return RGBAImage(width: width, height: height, pixels: bytes)
        }
        return try PaletteQuantizer.quantize(images, quality: quality, speed: speed, stop: stop).map { image in
            let pixels = (0 ..< width * height).map { index in
                image.pixels[index * 4 + 3] == 0 ? GIFPixel.clear
                    : GIFPixel(opaque: RGB24(red: image.pixels[index * 4], green: image.pixels[index * 4 + 1], blue: image.pixels[index * 4 + 2]))
            }
            return (pixels, width, height)
        }
    }

    /// The alpha bytes of two RGBA pixels read as one little-endian word.
    private static let alphaBytes = UInt64(0xFF00_0000_FF00_0000).littleEndian

    private static func blend(_ color: UInt32, _ backdrop: UInt32, _ alpha: UInt32) -> UInt32 {
        (color * alpha + backdrop * (255 - alpha) + 127) / 255
    }
}
