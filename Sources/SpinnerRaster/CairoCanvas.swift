import CCairo
import ImageCodecs

/// One Cairo ARGB32 image surface and its context, reused for every frame of a render.
/// Owns both and releases them when it goes.
final class CairoCanvas {
    let size: Int
    let context: OpaquePointer
    private let surface: OpaquePointer

    /// A square transparent canvas of `size` pixels.
    init(size: Int) throws(RasterError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RasterError(message: "cannot create a \(size)×\(size) surface")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RasterError(message: "cannot create a drawing context")
        }
        self.size = size
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Clears every pixel to transparent.
    func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The pixels as straight RGBA. Cairo stores premultiplied ARGB in native-endian
    /// 32-bit words; un-premultiplying a partly transparent pixel only pins its colour to
    /// within ±255/(2·alpha), so antialiased edges and faded shapes come out as a spray of
    /// near-identical colours. Pixels are therefore settled from the most opaque down:
    /// a pixel takes one of the scene's `paintColors`, or else the colour
    /// of an already settled neighbour, when that colour premultiplies to its own stored
    /// values (within two steps). The picture is the same (premultiplied pixels unchanged),
    /// but a solid shape keeps its exact colour out to its faintest edge, which keeps GIF
    /// palettes and PNG data small.
    func snapshot(paintColors: [RGB24]) -> RGBAImage {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return RGBAImage(width: size, height: size) }
        let rowWords = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeRawPointer(data).assumingMemoryBound(to: PremultipliedARGB.self)
        let count = size * size
        // Row by row without the stride's padding.
        let stored = [PremultipliedARGB](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for row in 0 ..< size { (base + row * size).update(from: words + row * rowWords, count: size) }
            initialized = count
        }
        // Partly transparent pixels, most opaque first, each alpha in pixel order (a
        // counting sort: a list per alpha cost a quarter of a large GIF's time).
        var alphaCounts = [Int](repeating: 0, count: 256)
        stored.withUnsafeBufferPointer { stored in
            alphaCounts.withUnsafeMutableBufferPointer { counts in for pixel in stored { counts[Int(pixel.alpha)] += 1 } }
        }
        var next = [Int](repeating: 0, count: 256)
        var partial = 0
        for alpha in stride(from: 254, through: 1, by: -1) {
            next[alpha] = partial
            partial += alphaCounts[alpha]
        }
        var order = [Int](repeating: 0, count: partial)
        stored.withUnsafeBufferPointer { stored in
            order.withUnsafeMutableBufferPointer { order in
                next.withUnsafeMutableBufferPointer { next in
                    for index in 0 ..< count {
                        let alpha = Int(stored[index].alpha)
                        guard alpha > 0 && alpha < 255 else { continue }
                        order[next[alpha]] = index
                        next[alpha] += 1
                    }
                }
            }
        }
        // Straight colours, once settled (opaque pixels are settled already).
        var colors = stored.map { $0.alpha == 255 ? RGB24(word: $0.word) : .black }
        // The paint colour a stored value matches depends on the value alone; runs of one
        // value (a translucent track) look it up once.
        var memo: (pixel: PremultipliedARGB, paint: RGB24?) = (PremultipliedARGB(word: 0), nil)
        for index in order {
            let pixel = stored[index]
            if pixel != memo.pixel { memo = (pixel, paintColors.first { Self.premultiplies($0, to: pixel) }) }
            colors[index] = memo.paint ?? settledNeighbour(index, stored: stored, colors: colors) ?? Self.unpremultiplied(pixel)
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            stored.withUnsafeBufferPointer { stored in
                colors.withUnsafeBufferPointer { colors in
                    for index in 0 ..< count {
                        let alpha = stored[index].alpha
                        let color = alpha > 0 ? colors[index] : .black
                        buffer[index * 4] = color.red
                        buffer[index * 4 + 1] = color.green
                        buffer[index * 4 + 2] = color.blue
                        buffer[index * 4 + 3] = UInt8(truncatingIfNeeded: alpha)
                    }
                }
            }
            initialized = count * 4
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// The colour of a settled (at least as opaque) 8-neighbour that premultiplies to the
    /// stored value of pixel `index`.
    private func settledNeighbour(_ index: Int, stored: [PremultipliedARGB], colors: [RGB24]) -> RGB24? {
        let (row, column) = (index / size, index % size)
        let alpha = stored[index].alpha
        for dy in -1...1 where row + dy >= 0 && row + dy < size {
            for dx in -1...1 where (dx != 0 || dy != 0) && column + dx >= 0 && column + dx < size {
                let neighbour = index + dy * size + dx
                let neighbourAlpha = stored[neighbour].alpha
                guard neighbourAlpha > alpha || (neighbourAlpha == alpha && neighbour < index) else { continue }
                if Self.premultiplies(colors[neighbour], to: stored[index]) { return colors[neighbour] }
            }
        }
        return nil
    }

    /// True when straight `color` at the alpha of `pixel` comes within two steps of every
    /// stored channel: Cairo rounds at every compositing step (and through 16 bits), so
    /// the stored value only pins the colour that closely. Either way the composited
    /// result differs by at most 2/255, which no eye sees.
    private static func premultiplies(_ color: RGB24, to pixel: PremultipliedARGB) -> Bool {
        let alpha = Int(pixel.alpha)
        for shift: UInt32 in [0, 8, 16] {
            let straight = Int((color.word >> shift) & 0xFF), value = Int(pixel.channel(shift))
            if abs(straight * alpha - value * 255) > 2 * 255 { return false }
        }
        return true
    }

    private static func unpremultiplied(_ pixel: PremultipliedARGB) -> RGB24 {
        let alpha = pixel.alpha
        return RGB24(red: unpremultiply(pixel.channel(16), alpha), green: unpremultiply(pixel.channel(8), alpha),
                     blue: unpremultiply(pixel.channel(0), alpha))
    }

    private static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
        UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
    }
}
