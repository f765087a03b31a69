/// How pixels are stored in a PNG: colour type, bit depth, and the palette or
/// transparent key colour. Pixels are first mapped to a code (`UInt32`: the palette
/// index, gray, gray+alpha, RGB or RGBA sample values as one number — what the layout
/// stores, not a colour), which is what frames are compared and packed in.
struct PNGPixelLayout: Hashable, Sendable {
    /// PNG colour types used here.
    enum ColorType: UInt8, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
    }

    let colorType: ColorType
    /// Bits per sample: 1, 2, 4 or 8 for palettes, 8 otherwise.
    let bitDepth: Int
    /// Palette entries, translucent ones first (so tRNS stays short).
    let palette: [PackedRGBA]
    /// For gray/RGB without alpha: the code of the unused colour that tRNS marks transparent.
    let transparentKey: UInt32?
    private let paletteIndex: [PackedRGBA: UInt32]

    private init(colorType: ColorType, bitDepth: Int, palette: [PackedRGBA] = [], transparentKey: UInt32? = nil) {
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.palette = palette
        self.transparentKey = transparentKey
        self.paletteIndex = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, UInt32($0)) })
    }

    /// Bits per pixel.
    var bitsPerPixel: Int {
        switch colorType {
        case .gray, .palette: bitDepth
        case .grayAlpha: 16
        case .rgb: 24
        case .rgba: 32
        }
    }

    /// Bytes per complete pixel for row filtering (at least 1, as the PNG spec says).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one row of `width` pixels, without the filter byte.
    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// The code of a pixel; fully transparent pixels all map to the transparent code. The
    /// pixel must be representable (it came from the analysed frames).
    func code(of rgba: PackedRGBA) -> UInt32 {
        let pixel = rgba.alpha == 0 ? PackedRGBA.clear : rgba
        switch colorType {
        case .palette: return paletteIndex[pixel] ?? 0
        case .gray: return pixel == .clear ? (transparentKey ?? 0) : pixel.word >> 24
        case .grayAlpha: return (pixel.word >> 24) << 8 | pixel.word & 0xFF
        case .rgb: return pixel == .clear ? (transparentKey ?? 0) : pixel.color.word
        case .rgba: return pixel.word
        }
    }

    /// The code that decodes to fully transparent, if the layout has one.
    var transparentCode: UInt32? {
        switch colorType {
        case .palette: paletteIndex[.clear]
        case .gray, .rgb: transparentKey
        case .grayAlpha, .rgba: 0
        }
    }

    /// True when `code` decodes to a fully opaque pixel (needed for APNG "over" blending).
    func isOpaque(_ code: UInt32) -> Bool {
        switch colorType {
        case .palette: Int(code) < palette.count && palette[Int(code)].isOpaque
        case .gray, .rgb: code != transparentKey
        case .grayAlpha, .rgba: code & 0xFF == 0xFF
        }
    }

    /// The IHDR bit depth and colour type bytes.
    var headerBytes: [UInt8] { [UInt8(bitDepth), colorType.rawValue] }

    /// PLTE and tRNS chunk data, when the layout needs them.
    var tableChunks: [(type: String, data: [UInt8])] {
        switch colorType {
        case .palette:
            let plte = palette.flatMap { [$0.color.red, $0.color.green, $0.color.blue] }
            let translucent = palette.prefix { !$0.isOpaque }.map(\.alpha)
            return [("PLTE", plte)] + (translucent.isEmpty ? [] : [("tRNS", translucent)])
        case .gray:
            return transparentKey.map { [("tRNS", UInt16($0).bigEndianBytes)] } ?? []
        case .rgb:
            return transparentKey.map { key in
                [("tRNS", [0, UInt8(key >> 16), 0, UInt8(key >> 8 & 0xFF), 0, UInt8(key & 0xFF)])]
            } ?? []
        case .grayAlpha, .rgba:
            return []
        }
    }

    /// Packs the codes of one row into PNG sample bytes. Writes into the array's storage
    /// directly: appending a small array per pixel made this a third of an APNG encode.
    func pack(_ codes: ArraySlice<UInt32>, into bytes: inout [UInt8]) {
        let start = bytes.count
        let count = rowBytes(width: codes.count)
        bytes.append(contentsOf: repeatElement(0, count: count))
        let bits = bitsPerPixel
        bytes.withUnsafeMutableBufferPointer { buffer in
            codes.withUnsafeBufferPointer { row in
                var out = start
                switch bits {
                case 1, 2, 4:
                    let perByte = 8 / bits
                    var byte: UInt8 = 0, filled = 0
                    for code in row {
                        byte = byte << bits | UInt8(truncatingIfNeeded: code)
                        filled += 1
                        if filled == perByte { buffer[out] = byte; out += 1; byte = 0; filled = 0 }
                    }
                    if filled > 0 { buffer[out] = byte << (bits * (perByte - filled)) }
                case 8:
                    for code in row { buffer[out] = UInt8(truncatingIfNeeded: code); out += 1 }
                case 16:
                    for code in row {
                        buffer[out] = UInt8(truncatingIfNeeded: code >> 8); buffer[out + 1] = UInt8(truncatingIfNeeded: code)
                        out += 2
                    }
                case 24:
                    // A word a pixel (its fourth byte overwritten by the next pixel's), the
                    // last pixel byte by byte: a third of the time of a byte at a time.
                    guard let base = buffer.baseAddress, let last = row.last else { break }
                    let raw = UnsafeMutableRawPointer(base + start)
                    for (index, code) in row.dropLast().enumerated() {
                        raw.storeBytes(of: (code << 8).bigEndian, toByteOffset: index * 3, as: UInt32.self)
                    }
                    out += (row.count - 1) * 3
                    buffer[out] = UInt8(truncatingIfNeeded: last >> 16); buffer[out + 1] = UInt8(truncatingIfNeeded: last >> 8)
                    buffer[out + 2] = UInt8(truncatingIfNeeded: last)
                default:
                    // A big-endian word a pixel.
                    guard let base = buffer.baseAddress else { break }
                    let raw = UnsafeMutableRawPointer(base + start)
                    for (index, code) in row.enumerated() {
                        raw.storeBytes(of: code.bigEndian, toByteOffset: index * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// The layouts that can hold every pixel of `images` exactly, most compact first:
    /// a palette when there are at most 256 colours, gray when every pixel is gray,
    /// and always RGB(A). Alpha is dropped (with a tRNS key colour for fully
    /// transparent pixels) when no pixel is partly transparent.
    /// For an animation (`animated`), palettes get a transparent entry when there is room,
    /// so frames can blend "over" with unchanged pixels transparent.
    /// The frames are counted on every core, a few at a time, and merged in order.
    static func candidates(for images: [RGBAImage], animated: Bool, timings: PhaseTimes = .off) -> [PNGPixelLayout] {
        var counts: [PackedRGBA: Int] = [:]
        var isGray = true, hasPartialAlpha = false
        let group = 4 * Parallel.cores
        for groupStart in stride(from: 0, to: images.count, by: group) {
            let frames = images[groupStart ..< min(images.count, groupStart + group)]
            let censuses = Parallel.map(frames.count, state: {}) { (index, _: inout Void) -> ColorCensus in
                timings.measure(.reduce) { ColorCensus(frames[frames.startIndex + index]) }
            }
            for census in censuses {
                counts.merge(census.counts, uniquingKeysWith: +)
                isGray = isGray && census.isGray
                hasPartialAlpha = hasPartialAlpha || census.hasPartialAlpha
                // Many colours, partial alpha, not gray: only RGBA can hold them, whatever the
                // other frames hold, so there is nothing left to count.
                if counts.count > 256 && hasPartialAlpha && !isGray { return [PNGPixelLayout(colorType: .rgba, bitDepth: 8)] }
            }
        }
        var layouts: [PNGPixelLayout] = []
        if counts.count <= 256 {
            layouts.append(paletteLayout(counts, addingTransparent: animated))
        }
        let hasTransparent = counts[.clear] != nil
        let opaqueColors = Set(counts.keys.filter { $0 != .clear })
        if isGray {
            if hasPartialAlpha {
                layouts.append(PNGPixelLayout(colorType: .grayAlpha, bitDepth: 8))
            } else {
                let grays = Set(opaqueColors.map { UInt32($0.color.red) })
                let key = (0...255).map(UInt32.init).first { !grays.contains($0) }
                if !hasTransparent || key != nil {
                    layouts.append(PNGPixelLayout(colorType: .gray, bitDepth: 8, transparentKey: key))
                }
            }
        }
        if !hasPartialAlpha, let key = unusedRGB(opaqueColors) {
            layouts.append(PNGPixelLayout(colorType: .rgb, bitDepth: 8, transparentKey: key))
        } else {
            layouts.append(PNGPixelLayout(colorType: .rgba, bitDepth: 8))
        }
        return layouts
    }

    private static func paletteLayout(_ counts: [PackedRGBA: Int], addingTransparent: Bool) -> PNGPixelLayout {
        var colors = Array(counts.keys)
        if addingTransparent && counts[.clear] == nil && colors.count < 256 { colors.append(.clear) }
        colors.sort { a, b in
            let (alphaA, alphaB) = (a.alpha, b.alpha)
            if (alphaA == 0xFF) != (alphaB == 0xFF) { return alphaA != 0xFF }
            if alphaA != alphaB { return alphaA < alphaB }
            let (countA, countB) = (counts[a] ?? 0, counts[b] ?? 0)
            return countA != countB ? countA > countB : a < b
        }
        let depth = colors.count <= 2 ? 1 : colors.count <= 4 ? 2 : colors.count <= 16 ? 4 : 8
        return PNGPixelLayout(colorType: .palette, bitDepth: depth, palette: colors)
    }

    /// An RGB colour's code (`0xRRGGBB`) used by no pixel, for a tRNS key.
    private static func unusedRGB(_ colors: Set<PackedRGBA>) -> UInt32? {
        let used = Set(colors.map(\.color.word))
        return (0..<UInt32(4096)).lazy.map { $0 * 4099 & 0xFFFFFF }.first { !used.contains($0) }
    }
}
