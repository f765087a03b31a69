/// Encodes one bitmap as a PNG, in the smallest colour layout that holds it exactly
/// (palette, gray, RGB, with or without alpha) and the smallest filtering found.
public enum PNGEncoder {
    /// The PNG bytes of `image`; `timings` records where the time goes. Every layout
    /// that holds the image exactly is filtered, and ranked by the file size zlib's level 6
    /// gives it while filtering; the layouts within `contenderMargin` of the smallest are
    /// compressed in earnest (over all the cores) and the smallest file kept. At `.quick`
    /// effort (a provisional answer) the ranking is by libdeflate's level 1 over fewer row
    /// filters, and the compression libdeflate's level 6: a few percent larger, several
    /// times faster than level 12 (at 256 px, 74 ms of compression → a few).
    public static func encode(_ image: RGBAImage, effort: EncoderEffort = .thorough,
                              timings: PhaseTimes = .off) throws(CodecError) -> [UInt8] {
        let layouts = timings.measure(.reduce) { PNGPixelLayout.candidates(for: [image], animated: false) }
        let strength: PNGImageData.Strength = image.width * image.height * 4 <= PNGImageData.strongestLimit ? .strongest : .fast
        let rect = PixelRect.whole(width: image.width, height: image.height)
        let ranked = try Parallel.map(layouts.count, state: {}) {
            (index, _: inout Void) throws(CodecError) -> (filtered: [UInt8], rankedSize: Int) in
            let data = PNGImageData(layout: layouts[index], effort: effort)
            let rows = timings.measure(.reduce) { data.rows(of: PixelCodes.codes(of: image, in: layouts[index]), width: image.width, rect: rect) }
            return try timings.measure(.filter) { () throws(CodecError) in try data.rankedFiltered(rows: rows, rectWidth: image.width) }
        }
        // Quick file sizes: the data as ranked, plus the palette and transparency chunks.
        let quickSizes = ranked.indices.map { ranked[$0].rankedSize + layouts[$0].tableChunks.reduce(0) { $0 + $1.data.count + 12 } }
        let smallest = quickSizes.min() ?? 0
        let contenders = quickSizes.indices.filter { Double(quickSizes[$0]) <= Double(smallest) * contenderMargin }
        let files = try Parallel.map(contenders.count, state: {}) { (slot, _: inout Void) throws(CodecError) -> [UInt8] in
            let layout = layouts[contenders[slot]]
            let compressed = try timings.measure(.compress) { () throws(CodecError) in
                try PNGImageData(layout: layout, effort: effort).compress(filtered: ranked[contenders[slot]].filtered, strength: strength)
            }
            return timings.measure(.mux) {
                var writer = PNGChunkWriter()
                writer.chunk("IHDR", header(image, layout))
                for table in layout.tableChunks { writer.chunk(table.type, table.data) }
                writer.chunk("IDAT", compressed)
                writer.chunk("IEND", [])
                return writer.bytes
            }
        }
        // The first of the smallest, as encoding one after another kept it.
        return files.min { $0.count < $1.count } ?? []
    }

    /// How much larger than the smallest a layout's quick size may be and still be
    /// compressed in earnest: the strongest deflate shrinks the layouts of one picture by
    /// similar shares (within a few percent of each other on spinner frames), so one 25 %
    /// behind at level 6 never comes out ahead.
    static let contenderMargin = 1.25

    /// IHDR data: size, depth, colour type, deflate, adaptive filtering, no interlace.
    static func header(_ image: RGBAImage, _ layout: PNGPixelLayout) -> [UInt8] {
        UInt32(image.width).bigEndianBytes + UInt32(image.height).bigEndianBytes + layout.headerBytes + [0, 0, 0]
    }
}

/// Pixel codes of whole bitmaps in a layout.
enum PixelCodes {
    /// One code per pixel of `image`, row by row.
    static func codes(of image: RGBAImage, in layout: PNGPixelLayout) -> [UInt32] {
        // RGBA: each pixel's bytes as one big-endian word, clear ones 0 (`PNGPixelLayout.code`),
        // a word at a time with no lookup (a twentieth of a large APNG went on this).
        if layout.colorType == .rgba {
            let count = image.width * image.height
            return image.pixels.withUnsafeBytes { bytes in
                [UInt32](unsafeUninitializedCapacity: count) { codes, initialized in
                    for index in 0 ..< count {
                        let stored = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                        let word = UInt32(bigEndian: stored)
                        codes[index] = word & 0xFF == 0 ? 0 : word
                    }
                    initialized = count
                }
            }
        }
        var codes = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { bytes in
            // Runs of one colour (transparent corners, solid strokes) take the code of the
            // pixel before: a palette's dictionary lookup per pixel was most of the time.
            var last: (pixel: PackedRGBA, code: UInt32)? = nil
            for index in 0 ..< codes.count {
                let pixel = RGBAImage.packed(bytes, at: index * 4)
                if let last, last.pixel == pixel {
                    codes[index] = last.code
                    continue
                }
                let code = layout.code(of: pixel)
                codes[index] = code
                last = (pixel, code)
            }
        }
        return codes
    }
}
