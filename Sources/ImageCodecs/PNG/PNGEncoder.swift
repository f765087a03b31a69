/// Encodes one bitmap as a PNG, in the smallest colour layout that holds it exactly
/// (palette, gray, RGB, with or without alpha) and the smallest filtering found.
public enum PNGEncoder {
    /// The PNG bytes of `image`.
    public static func encode(_ image: RGBAImage) throws(CodecError) -> [UInt8] {
        var best: [UInt8]? = nil
        for layout in PNGPixelLayout.candidates(for: [image], animated: false) {
            let codes = PixelCodes.codes(of: image, in: layout)
            let data = try PNGImageData(layout: layout)
                .compress(codes, width: image.width, rect: .whole(width: image.width, height: image.height),
                          strength: image.width * image.height * 4 <= PNGImageData.strongestLimit ? .strongest : .fast)
            var writer = PNGChunkWriter()
            writer.chunk("IHDR", header(image, layout))
            for table in layout.tableChunks { writer.chunk(table.type, table.data) }
            writer.chunk("IDAT", data)
            writer.chunk("IEND", [])
            if writer.bytes.count < best?.count ?? Int.max { best = writer.bytes }
        }
        return best ?? []
    }

    /// IHDR data: size, depth, colour type, deflate, adaptive filtering, no interlace.
    static func header(_ image: RGBAImage, _ layout: PNGPixelLayout) -> [UInt8] {
        UInt32(image.width).bigEndianBytes + UInt32(image.height).bigEndianBytes + layout.headerBytes + [0, 0, 0]
    }
}

/// Pixel codes of whole bitmaps in a layout.
enum PixelCodes {
    /// One code per pixel of `image`, row by row.
    static func codes(of image: RGBAImage, in layout: PNGPixelLayout) -> [UInt32] {
        var codes = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { bytes in
            for index in 0 ..< codes.count {
                codes[index] = layout.code(of: RGBAImage.packed(bytes, at: index * 4))
            }
        }
        return codes
    }
}
