import CZlib

/// A PNG and APNG decoder for the fuzz oracle: what the encoders wrote, back to straight
/// RGBA canvases at each frame's start. Written here because Debian's libpng lacks the
/// APNG chunks; inflate is zlib's. It checks every CRC and every length and throws on
/// anything malformed, since a malformed file from our encoder is itself a finding.
struct DecodedAnimation {
    /// Canvas width and height in pixels.
    var width = 0, height = 0
    /// Each shown frame: the whole canvas (straight RGBA) and how long it shows, in
    /// seconds as a fraction.
    var frames: [(pixels: [UInt8], numerator: Int, denominator: Int)] = []
}

struct DecodeError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> DecodedAnimation {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, Array(bytes[0 ..< 8]) == signature else { throw DecodeError("no PNG signature") }
        var chunks: [(type: String, data: [UInt8])] = []
        var at = 8
        while at < bytes.count {
            guard at + 12 <= bytes.count else { throw DecodeError("a truncated chunk") }
            let length = Int(be32(bytes, at))
            guard length <= bytes.count - at - 12 else { throw DecodeError("a chunk longer than the file") }
            let type = String(decoding: bytes[at + 4 ..< at + 8], as: UTF8.self)
            let data = Array(bytes[at + 8 ..< at + 8 + length])
            let crc = bytes[at + 4 ..< at + 8 + length].withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, UInt32($0.count)))
            }
            guard crc == be32(bytes, at + 8 + length) else { throw DecodeError("bad CRC in \(type)") }
            chunks.append((type, data))
            at += 12 + length
            if type == "IEND" { break }
        }
        guard at == bytes.count else { throw DecodeError("bytes after IEND") }
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else { throw DecodeError("no IHDR first") }
        let width = Int(be32(header.data, 0)), height = Int(be32(header.data, 4))
        let depth = Int(header.data[8]), colourType = Int(header.data[9])
        guard width > 0, height > 0, header.data[10] == 0, header.data[11] == 0, header.data[12] == 0 else {
            throw DecodeError("unsupported IHDR \(header.data)")
        }
        var palette: [UInt8] = [], transparency: [UInt8] = []
        for chunk in chunks {
            if chunk.type == "PLTE" { palette = chunk.data }
            if chunk.type == "tRNS" { transparency = chunk.data }
        }
        let layout = Layout(depth: depth, colourType: colourType, palette: palette, transparency: transparency)

        var result = DecodedAnimation(width: width, height: height)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        let animated = chunks.contains { $0.type == "acTL" }
        // Frame controls in order, each with the data chunks that follow it.
        var controls: [(control: [UInt8], data: [UInt8], isDefault: Bool)] = []
        var defaultData: [UInt8] = [], pending: [UInt8]? = nil, sequence = 0
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                guard chunk.data.count == 26, Int(be32(chunk.data, 0)) == sequence else { throw DecodeError("fcTL out of sequence") }
                sequence += 1
                if let pending { controls[controls.count - 1].data = pending }
                pending = []
                controls.append((chunk.data, [], false))
            case "IDAT":
                defaultData += chunk.data
                if pending != nil, let last = controls.indices.last { controls[last].isDefault = true }
            case "fdAT":
                guard chunk.data.count >= 4, Int(be32(chunk.data, 0)) == sequence, pending != nil else {
                    throw DecodeError("fdAT out of sequence")
                }
                sequence += 1
                pending! += chunk.data[4...]
            default: break
            }
        }
        if let pending, !controls.isEmpty { controls[controls.count - 1].data = pending }
        if !animated {
            result.frames = [(try layout.pixels(inflate(defaultData, width: width, height: height, layout), width, height), 0, 1)]
            return result
        }
        for (index, frame) in controls.enumerated() {
            let c = frame.control
            let w = Int(be32(c, 4)), h = Int(be32(c, 8)), x = Int(be32(c, 12)), y = Int(be32(c, 16))
            let numerator = Int(be16(c, 20)), denominator = Int(be16(c, 22)) == 0 ? 100 : Int(be16(c, 22))
            let dispose = c[24], blend = c[25]
            guard w > 0, h > 0, x + w <= width, y + h <= height, dispose <= 2, blend <= 1 else {
                throw DecodeError("frame \(index) control out of range: \(w)×\(h) at \(x),\(y) dispose \(dispose) blend \(blend)")
            }
            let data = frame.isDefault ? defaultData : frame.data
            let pixels = try layout.pixels(inflate(data, width: w, height: h, layout), w, h)
            let before = canvas
            for row in 0 ..< h {
                for column in 0 ..< w {
                    let source = (row * w + column) * 4, target = ((y + row) * width + x + column) * 4
                    if blend == 0 || pixels[source + 3] == 255 {
                        for k in 0 ..< 4 { canvas[target + k] = pixels[source + k] }
                    } else if pixels[source + 3] != 0 {
                        over(pixels, source, &canvas, target)
                    }
                }
            }
            result.frames.append((normalised(canvas), numerator, denominator))
            if dispose == 1 {
                for row in 0 ..< h { for k in 0 ..< w * 4 { canvas[((y + row) * width + x) * 4 + k] = 0 } }
            } else if dispose == 2 {
                canvas = before
            }
        }
        return result
    }

    /// APNG's "over" for a translucent source pixel onto the canvas (straight alpha).
    static func over(_ source: [UInt8], _ s: Int, _ canvas: inout [UInt8], _ t: Int) {
        let sa = Double(source[s + 3]) / 255, da = Double(canvas[t + 3]) / 255
        let outA = sa + da * (1 - sa)
        for k in 0 ..< 3 {
            let value = (Double(source[s + k]) * sa + Double(canvas[t + k]) * da * (1 - sa)) / outA
            canvas[t + k] = UInt8(min(255, max(0, value.rounded())))
        }
        canvas[t + 3] = UInt8((outA * 255).rounded())
    }

    /// Fully transparent pixels as 0,0,0,0: their colour is not part of the picture.
    static func normalised(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] == 0 {
            out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
        }
        return out
    }

    struct Layout {
        let depth: Int, colourType: Int, palette: [UInt8], transparency: [UInt8]

        var bitsPerPixel: Int {
            switch colourType {
            case 0, 3: depth
            case 2: 3 * depth
            case 4: 2 * depth
            default: 4 * depth
            }
        }

        func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

        /// Unfiltered sample rows → straight RGBA.
        func pixels(_ rows: [UInt8], _ width: Int, _ height: Int) throws(DecodeError) -> [UInt8] {
            guard depth == 8 || (depth < 8 && (colourType == 0 || colourType == 3)) else {
                throw DecodeError("unexpected depth \(depth) for colour type \(colourType)")
            }
            var out = [UInt8](repeating: 0, count: width * height * 4)
            let stride = rowBytes(width)
            for y in 0 ..< height {
                let row = y * stride
                for x in 0 ..< width {
                    let o = (y * width + x) * 4
                    switch colourType {
                    case 3, 0:
                        let bit = x * depth
                        let value = Int(rows[row + bit / 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
                        if colourType == 3 {
                            guard value * 3 + 2 < palette.count else { throw DecodeError("index \(value) past the palette") }
                            out[o] = palette[value * 3]; out[o + 1] = palette[value * 3 + 1]; out[o + 2] = palette[value * 3 + 2]
                            out[o + 3] = value < transparency.count ? transparency[value] : 255
                        } else {
                            let gray = UInt8(value * 255 / ((1 << depth) - 1))
                            out[o] = gray; out[o + 1] = gray; out[o + 2] = gray
                            out[o + 3] = transparency.count == 2 && Int(be16(transparency, 0)) == value ? 0 : 255
                        }
                    case 2:
                        let p = row + x * 3
                        out[o] = rows[p]; out[o + 1] = rows[p + 1]; out[o + 2] = rows[p + 2]
                        let keyed = transparency.count == 6 && Int(be16(transparency, 0)) == Int(rows[p])
                            && Int(be16(transparency, 2)) == Int(rows[p + 1]) && Int(be16(transparency, 4)) == Int(rows[p + 2])
                        out[o + 3] = keyed ? 0 : 255
                    case 4:
                        let p = row + x * 2
                        out[o] = rows[p]; out[o + 1] = rows[p]; out[o + 2] = rows[p]; out[o + 3] = rows[p + 1]
                    default:
                        let p = row + x * 4
                        for k in 0 ..< 4 { out[o + k] = rows[p + k] }
                    }
                }
            }
            return normalised(out)
        }
    }

    /// zlib data → unfiltered rows.
    static func inflate(_ data: [UInt8], width: Int, height: Int, _ layout: Layout) throws(DecodeError) -> [UInt8] {
        let stride = layout.rowBytes(width)
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height + 1)
        var length = UInt(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in uncompress(out.baseAddress, &length, input.baseAddress, UInt(input.count)) }
        }
        guard status == Z_OK, Int(length) == (stride + 1) * height else {
            throw DecodeError("image data inflates to \(length) bytes (status \(status)), not \((stride + 1) * height)")
        }
        let bpp = max(1, layout.bitsPerPixel / 8)
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0 ..< height {
            let filter = raw[y * (stride + 1)]
            for i in 0 ..< stride {
                let value = raw[y * (stride + 1) + 1 + i]
                let a = i >= bpp ? Int(rows[y * stride + i - bpp]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * stride + i]) : 0
                let c = i >= bpp && y > 0 ? Int(rows[(y - 1) * stride + i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError("row filter \(filter)")
                }
                rows[y * stride + i] = value &+ UInt8(predictor & 0xFF)
            }
        }
        return rows
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func be16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
}
