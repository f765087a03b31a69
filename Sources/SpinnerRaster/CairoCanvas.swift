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
        let surface = try Self.imageSurface(CAIRO_FORMAT_ARGB32, size: size)
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

    /// A new `size`-square image surface in `format`, cleared; the caller destroys it.
    static func imageSurface(_ format: cairo_format_t, size: Int) throws(RasterError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create(format, Int32(size), Int32(size)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RasterError(message: "cannot create a \(size)×\(size) surface")
        }
        return surface
    }

    /// Clears every pixel to transparent.
    func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// A copy of the surface's stored bytes (premultiplied, rows with their stride), for
    /// `restore`.
    func pixels() -> [UInt8] {
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * size
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// Puts back bytes `pixels()` copied: the canvas as it was then. False (the canvas
    /// untouched) when they are not this surface's.
    func restore(_ pixels: [UInt8]) -> Bool {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              pixels.count == Int(cairo_image_surface_get_stride(surface)) * size else { return false }
        pixels.withUnsafeBufferPointer { if let base = $0.baseAddress { data.update(from: base, count: pixels.count) } }
        cairo_surface_mark_dirty(surface)
        return true
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
        snapshotRecordingUnsettled(paintColors: paintColors, upTo: nil).image
    }

    /// `snapshot(paintColors:)`, and the partly transparent pixels (indices, ascending)
    /// that took no paint colour: those settled by a neighbour or unpremultiplied, which a
    /// frame drawn over this canvas settles again (`snapshot(paintColors:over:)`); nil for
    /// them when there are more than `limit` (nil: none are recorded).
    func snapshotRecordingUnsettled(paintColors: [RGB24], upTo limit: Int?) -> (image: RGBAImage, unsettled: [Int32]?) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return (RGBAImage(width: size, height: size), nil) }
        let rowWords = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeRawPointer(data).assumingMemoryBound(to: PremultipliedARGB.self)
        let (size, count) = (size, size * size)
        // One pass over the surface: opaque and clear pixels are final as they are read
        // (clear ones black), partly transparent ones are listed in pixel order with a count
        // per alpha. Reading the surface in place and writing the output once keeps a
        // frame to one sweep of its pixels (five sweeps and three copies took two thirds of
        // a large render's drawing time).
        var alphaCounts = [Int](repeating: 0, count: 256)
        var partial: [Int32] = []
        var pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            alphaCounts.withUnsafeMutableBufferPointer { counts in
                for row in 0 ..< size {
                    let source = words + row * rowWords
                    for column in 0 ..< size {
                        let word = source[column].word, offset = (row * size + column) * 4
                        if Self.write(word, at: offset, into: buffer) {
                            counts[Int(word >> 24)] += 1
                            partial.append(Int32(row * size + column))
                        }
                    }
                }
            }
            initialized = count * 4
        }
        var unsettled: [Int32]? = limit.map { _ in [] }
        settle(partial, alphaCounts: alphaCounts, words: words, rowWords: rowWords, paintColors: paintColors, into: &pixels,
               unsettled: &unsettled, upTo: limit ?? 0)
        return (RGBAImage(width: size, height: size, pixels: pixels), unsettled?.sorted())
    }

    /// The snapshot of a frame drawn over `still` (the canvas as it was when `still` was
    /// taken, by the leading paint colours of `paintColors`): the same bytes as
    /// `snapshot(paintColors:)`, with only what the frame changed worked out again. A pixel
    /// whose stored value is the still canvas's, and which took a paint colour there (or
    /// is opaque or clear), comes out as it did there: it depends on nothing else, and the
    /// paint colours it was matched against lead this frame's. Every other pixel is read
    /// and settled as `snapshot` does, in its order. At 128 px @2x, `circular`'s
    /// translucent track (a third of the frame) is then settled once a render, not once a
    /// frame.
    func snapshot(paintColors: [RGB24], over still: StillSnapshot) -> RGBAImage {
        cairo_surface_flush(surface)
        guard let settled = still.settled, let data = cairo_image_surface_get_data(surface),
              still.surface.count == Int(cairo_image_surface_get_stride(surface)) * size
        else { return snapshot(paintColors: paintColors) }
        let rowWords = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeRawPointer(data).assumingMemoryBound(to: PremultipliedARGB.self)
        let size = size
        var alphaCounts = [Int](repeating: 0, count: 256)
        var partial: [Int32] = []
        var pixels = settled.image.pixels
        still.surface.withUnsafeBytes { stillBytes in
            settled.unsettled.withUnsafeBufferPointer { unsettled in
                pixels.withUnsafeMutableBufferPointer { buffer in
                    alphaCounts.withUnsafeMutableBufferPointer { counts in
                        var nextUnsettled = 0
                        for row in 0 ..< size {
                            let source = words + row * rowWords
                            let kept = row * rowWords * 4
                            for column in 0 ..< size {
                                let word = source[column].word, index = row * size + column
                                let isUnsettled = nextUnsettled < unsettled.count && unsettled[nextUnsettled] == Int32(index)
                                if isUnsettled { nextUnsettled += 1 }
                                guard word != stillBytes.load(fromByteOffset: kept + column * 4, as: UInt32.self) || isUnsettled
                                else { continue }
                                if Self.write(word, at: index * 4, into: buffer) {
                                    counts[Int(word >> 24)] += 1
                                    partial.append(Int32(index))
                                }
                            }
                        }
                    }
                }
            }
        }
        var none: [Int32]? = nil
        settle(partial, alphaCounts: alphaCounts, words: words, rowWords: rowWords, paintColors: paintColors, into: &pixels,
               unsettled: &none, upTo: 0)
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// A canvas's bytes as stored (`pixels()`) and, when they are worth keeping, its
    /// snapshot and the pixels of it that a frame drawn over it must settle again
    /// (`snapshotRecordingUnsettled`).
    struct StillSnapshot: Sendable {
        let surface: [UInt8]
        let settled: (image: RGBAImage, unsettled: [Int32])?

        /// `surface`, with its snapshot when it has its list of pixels to settle again
        /// (`snapshotRecordingUnsettled` drops the list beyond `unsettledLimit`).
        init(surface: [UInt8], settled: (image: RGBAImage, unsettled: [Int32]?)) {
            self.surface = surface
            self.settled = settled.unsettled.map { (settled.image, $0) }
        }

        /// The most pixels a still may leave to settle again, of `pixelCount`: an eighth.
        /// Beyond (a translucent background, which no paint colour matches, is all to
        /// settle again), a frame's snapshot gains nothing by the still's, which with its
        /// list costs memory and time: the costliest admissible activity GIF, at scale 4
        /// over a translucent grey, peaked 57 MiB higher and took 0.8 s for 0.55 with them.
        static func unsettledLimit(pixelCount: Int) -> Int { pixelCount / 8 }
    }

    /// Writes stored `word` at byte `offset` of `buffer` as straight RGBA when it is final
    /// (opaque, or clear: black); a partly transparent pixel gets black and its alpha, and
    /// true (it is settled later).
    @inline(__always)
    private static func write(_ word: UInt32, at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let alpha = word >> 24
        if alpha == 255 {
            buffer[offset] = UInt8(truncatingIfNeeded: word >> 16)
            buffer[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
            buffer[offset + 2] = UInt8(truncatingIfNeeded: word)
        } else {
            buffer[offset] = 0
            buffer[offset + 1] = 0
            buffer[offset + 2] = 0
        }
        buffer[offset + 3] = UInt8(truncatingIfNeeded: alpha)
        return alpha != 255 && alpha != 0
    }

    /// Settles the partly transparent pixels `partial` (indices in pixel order; `alphaCounts`
    /// of them at each alpha) into `pixels`, the straight RGBA written so far; appends to
    /// `unsettled` (when there is one) those that took no paint colour, and drops it for
    /// nil once they number more than `limit`.
    private func settle(_ partial: [Int32], alphaCounts: [Int], words: UnsafePointer<PremultipliedARGB>, rowWords: Int,
                        paintColors: [RGB24], into pixels: inout [UInt8], unsettled: inout [Int32]?, upTo limit: Int) {
        guard !partial.isEmpty else { return }
        // Partly transparent pixels, most opaque first, each alpha in pixel order (a
        // counting sort: a list per alpha cost a quarter of a large GIF's time).
        var next = [Int](repeating: 0, count: 256)
        var start = 0
        for alpha in stride(from: 254, through: 1, by: -1) {
            next[alpha] = start
            start += alphaCounts[alpha]
        }
        var order = [Int32](repeating: 0, count: partial.count)
        for index in partial {
            let alpha = Int(stored(Int(index), words, rowWords).alpha)
            order[next[alpha]] = index
            next[alpha] += 1
        }
        // Settled from the most opaque down; a settled pixel's colour is read back from the
        // output (opaque pixels are settled already). The paint colour a stored value
        // matches depends on the value alone; runs of one value (a translucent track) look
        // it up once.
        var memo: (pixel: PremultipliedARGB, paint: RGB24?) = (PremultipliedARGB(word: 0), nil)
        pixels.withUnsafeMutableBufferPointer { out in
            for index in order.lazy.map(Int.init) {
                let pixel = stored(index, words, rowWords)
                if pixel != memo.pixel { memo = (pixel, paintColors.first { Self.premultiplies($0, to: pixel) }) }
                if memo.paint == nil, unsettled != nil {
                    unsettled?.append(Int32(index))
                    if unsettled?.count ?? 0 > limit { unsettled = nil }
                }
                let color = memo.paint ?? settledNeighbour(index, words: words, rowWords: rowWords, settled: out)
                    ?? Self.unpremultiplied(pixel)
                out[index * 4] = color.red
                out[index * 4 + 1] = color.green
                out[index * 4 + 2] = color.blue
            }
        }
    }

    /// The stored pixel `index` (row-major, no stride) of a surface whose rows are `rowWords` apart.
    @inline(__always) private func stored(_ index: Int, _ words: UnsafePointer<PremultipliedARGB>, _ rowWords: Int)
        -> PremultipliedARGB {
        words[(index / size) * rowWords + index % size]
    }

    /// The colour of a settled (at least as opaque) 8-neighbour that premultiplies to the
    /// stored value of pixel `index`; `settled` holds the straight RGBA written so far.
    private func settledNeighbour(_ index: Int, words: UnsafePointer<PremultipliedARGB>, rowWords: Int,
                                  settled: UnsafeMutableBufferPointer<UInt8>) -> RGB24? {
        let (row, column) = (index / size, index % size)
        let pixel = words[row * rowWords + column]
        let alpha = pixel.alpha
        for dy in -1...1 where row + dy >= 0 && row + dy < size {
            for dx in -1...1 where (dx != 0 || dy != 0) && column + dx >= 0 && column + dx < size {
                let neighbour = index + dy * size + dx
                let neighbourAlpha = words[(row + dy) * rowWords + column + dx].alpha
                guard neighbourAlpha > alpha || (neighbourAlpha == alpha && neighbour < index) else { continue }
                let color = RGB24(red: settled[neighbour * 4], green: settled[neighbour * 4 + 1], blue: settled[neighbour * 4 + 2])
                if Self.premultiplies(color, to: pixel) { return color }
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
