/// Turns a rectangle of pixel codes into compressed PNG image data (the content of
/// IDAT/fdAT), trying the row-filter choices and keeping the smallest.
struct PNGImageData {
    let layout: PNGPixelLayout

    /// How thoroughly to search.
    enum Effort {
        /// Quick deflate, both filter choices: for comparing candidate frames (apngasm's way).
        case estimate
        /// Level-9 deflate, filter choices × strategies: for the bytes written.
        case final
    }

    /// The packed, unfiltered rows of `codes` (a `width`-wide frame) inside `rect`.
    func rows(of codes: [UInt32], width: Int, rect: PixelRect) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(layout.rowBytes(width: rect.width) * rect.height)
        for y in rect.y ..< rect.y + rect.height {
            let start = y * width + rect.x
            layout.pack(codes[start ..< start + rect.width], into: &bytes)
        }
        return bytes
    }

    /// The smallest zlib stream found for `rect` of `codes`.
    func compress(_ codes: [UInt32], width: Int, rect: PixelRect, effort: Effort) throws(CodecError) -> [UInt8] {
        let raw = rows(of: codes, width: width, rect: rect)
        let rowBytes = layout.rowBytes(width: rect.width)
        var best: [UInt8]? = nil
        for choice in PNGRowFilter.Choice.allCases {
            let filtered = PNGRowFilter.apply(choice, rows: raw, rowBytes: rowBytes, stride: layout.filterStride)
            let settings: [Deflate.Settings] = switch (effort, choice) {
            case (.estimate, _): [.quick]
            case (.final, .none): [.smallest]
            case (.final, .adaptive): [.smallestFiltered, .smallest]
            }
            for setting in settings {
                let compressed = try Deflate.compress(filtered, setting)
                if compressed.count < best?.count ?? Int.max { best = compressed }
            }
        }
        return best ?? []
    }
}

/// A rectangle of pixels: top-left corner and size.
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    /// The whole of a `width` × `height` image.
    static func whole(width: Int, height: Int) -> PixelRect {
        PixelRect(x: 0, y: 0, width: width, height: height)
    }
}
