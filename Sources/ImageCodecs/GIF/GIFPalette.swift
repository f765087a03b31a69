import CGif

/// The one global palette of a GIF: every opaque colour of every frame, plus one
/// transparent entry at index 0. Up to 255 colours are kept exactly; beyond that the
/// colours are reduced with giflib's median-cut quantizer (`GifQuantizeBuffer`), whose
/// 5-bit boxes are then refined by two rounds of weighted k-means on the exact colours,
/// so frequent colours (a solid puck, a matte) come out exact. Entries no pixel maps to
/// are dropped (a smaller table, and fewer bits per LZW code).
///
/// The order of the entries is gifsicle's (`create_out_global_map`): LZW codes start one
/// bit wider than the highest index a frame uses, so the colours are arranged to let as
/// many frames as possible use only a low block of indices (`lowBlockOrder`).
struct GIFPalette {
    /// Index 0: transparent, or "keep what is there" in optimised frames.
    static let transparentIndex: UInt8 = 0

    /// Opaque colours (index 1...).
    let colors: [RGB24]
    /// Colour word → palette index.
    private let lookup: ColorTable

    /// The palette for `frames` (as `GIFAlpha` reduces them), in the order they show.
    init(frames: [[GIFPixel]]) throws(CodecError) {
        // Counted frame by frame on every core, then summed (the sum does not depend on
        // the order). Runs of one colour are counted at once (a dictionary update per
        // pixel was a tenth of a large GIF).
        let perFrame = Parallel.map(frames.count, state: {}) { (index, _: inout Void) -> [(key: UInt32, value: Int)] in
            var counts = ColorTable()
            var run: (pixel: GIFPixel, length: Int) = (.clear, 0)
            for pixel in frames[index] {
                if pixel == run.pixel {
                    run.length += 1
                    continue
                }
                if let color = run.pixel.color { counts.add(run.length, to: color.word) }
                run = (pixel, 1)
            }
            if let color = run.pixel.color { counts.add(run.length, to: color.word) }
            return counts.entries
        }
        var counts = ColorTable()
        for entries in perFrame {
            for (key, value) in entries { counts.add(value, to: key) }
        }
        let counted = counts.entries.map { (color: RGB24(word: $0.key), count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.color < $1.color }
        let unique = counted.map(\.color)
        var colors = unique.count <= 255 ? unique : try GIFPalette.quantize(counted, to: 255)
        var nearest = ColorTable(capacity: unique.count)  // colour → position in `colors`
        for color in unique { nearest.set(Int(GIFPalette.nearest(color, in: colors)) - 1, for: color.word) }
        // Quantized entries no colour maps to (or that refining made equal) are dropped.
        let used = Set(nearest.entries.map(\.value)).sorted()
        if used.count < colors.count {
            var renumbered = [Int](repeating: -1, count: colors.count)
            for (new, old) in used.enumerated() { renumbered[old] = new }
            colors = used.map { colors[$0] }
            for (key, value) in nearest.entries { nearest.set(renumbered[value], for: key) }
        }
        let order = GIFPalette.lowBlockOrder(colorCount: colors.count, needs: GIFPalette.needs(of: frames, nearest: nearest))
        var position = [Int](repeating: 0, count: colors.count)  // old position → new
        for (new, old) in order.enumerated() { position[old] = new }
        self.colors = order.map { colors[$0] }
        var lookup = ColorTable(capacity: unique.count)
        for (key, value) in nearest.entries { lookup.set(position[value] + 1, for: key) }
        self.lookup = lookup
    }

    /// For each frame, the set of palette positions (bits of four words) its changed
    /// pixels use: the opaque pixels that differ from the frame before (every opaque pixel
    /// of the first). What a frame stores is cropped to what changed, so these are the
    /// colours its image data needs (gifsicle counts the same).
    private static func needs(of frames: [[GIFPixel]], nearest: ColorTable) -> [[UInt64]] {
        // Each frame against the one before, on every core.
        Parallel.map(frames.count, state: {}) { (frameIndex, _: inout Void) -> [UInt64] in
            let frame = frames[frameIndex], previous = frameIndex > 0 ? frames[frameIndex - 1] : []
            var bits = [UInt64](repeating: 0, count: 4)
            var last: (pixel: GIFPixel, position: Int) = (.clear, -1)
            for index in frame.indices where frame[index] != .clear && (previous.isEmpty || previous[index] != frame[index]) {
                let pixel = frame[index]
                if pixel != last.pixel { last = (pixel, pixel.color.flatMap { nearest[$0.word] } ?? 0) }
                bits[last.position >> 6] |= 1 << UInt64(last.position & 63)
            }
            return bits
        }
    }

    /// The order of `colorCount` palette positions (new index → old position) that lets
    /// the most frames use a low block of indices, as gifsicle orders its global map: the
    /// colour the fewest frames still need goes to the highest free index; every frame
    /// that needs it will use a high index anyway, so it stops counting for its other
    /// colours. Ties keep the order before (most pixels first).
    static func lowBlockOrder(colorCount: Int, needs: [[UInt64]]) -> [Int] {
        func has(_ set: [UInt64], _ position: Int) -> Bool { set[position >> 6] & (1 << UInt64(position & 63)) != 0 }
        var penalty = [Int](repeating: 0, count: colorCount)
        for set in needs {
            for position in 0 ..< colorCount where has(set, position) { penalty[position] += 1 }
        }
        var alive = [Bool](repeating: true, count: needs.count)
        var remaining = Array(0 ..< colorCount)
        var order = [Int](repeating: 0, count: colorCount)
        for slot in stride(from: colorCount - 1, through: 0, by: -1) {
            // The remaining colours stably sorted by descending penalty; the last one goes.
            remaining = stableSortedByDescendingPenalty(remaining, penalty)
            let color = remaining.removeLast()
            order[slot] = color
            for frame in needs.indices where alive[frame] && has(needs[frame], color) {
                alive[frame] = false
                for position in 0 ..< colorCount where has(needs[frame], position) { penalty[position] -= 1 }
            }
        }
        return order
    }

    /// `positions` stably sorted by descending `penalty`.
    private static func stableSortedByDescendingPenalty(_ positions: [Int], _ penalty: [Int]) -> [Int] {
        positions.enumerated().sorted { a, b in
            penalty[a.element] != penalty[b.element] ? penalty[a.element] > penalty[b.element] : a.offset < b.offset
        }.map(\.element)
    }

    /// RGB triples for the colour table, transparent slot first.
    var table: [(UInt8, UInt8, UInt8)] {
        [(0, 0, 0)] + colors.map { ($0.red, $0.green, $0.blue) }
    }

    /// Palette indices of a frame.
    func indices(of frame: [GIFPixel]) -> [UInt8] {
        // Neighbouring pixels mostly share a colour: the last lookup is reused (hashing
        // every pixel was a tenth of a large GIF).
        var last: (pixel: GIFPixel, index: UInt8) = (.clear, GIFPalette.transparentIndex)
        return frame.map { pixel in
            if pixel == last.pixel { return last.index }
            let index = pixel.color.map { UInt8(truncatingIfNeeded: lookup[$0.word] ?? 1) } ?? GIFPalette.transparentIndex
            last = (pixel, index)
            return index
        }
    }

    /// The index (1-based) of the palette colour nearest to `color`, weighting green most
    /// as the eye does.
    private static func nearest(_ color: RGB24, in colors: [RGB24]) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let distance = weightedDistance(color, candidate)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
            if distance == 0 { break }
        }
        return UInt8(best + 1)
    }

    private static func weightedDistance(_ a: RGB24, _ b: RGB24) -> Int {
        let dr = Int(a.red) - Int(b.red)
        let dg = Int(a.green) - Int(b.green)
        let db = Int(a.blue) - Int(b.blue)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    private static func quantize(_ counts: [(color: RGB24, count: Int)], to size: Int) throws(CodecError) -> [RGB24] {
        // giflib's quantizer counts pixels; each colour is repeated by a damped weight
        // so frequent colours pull boxes without the buffer growing with the image.
        var red: [UInt8] = [], green: [UInt8] = [], blue: [UInt8] = []
        for (color, count) in counts {
            let weight = 1 + min(count, 1024) / 64
            for _ in 0 ..< weight {
                red.append(color.red); green.append(color.green); blue.append(color.blue)
            }
        }
        var mapSize = Int32(256)
        var output = [GifByteType](repeating: 0, count: red.count)
        var map = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256)
        let status = GifQuantizeBuffer(UInt32(red.count), 1, &mapSize, &red, &green, &blue, &output, &map)
        guard status == GIF_OK else { throw CodecError("GifQuantizeBuffer failed (\(status))") }
        var palette = map.prefix(Int(mapSize)).map { RGB24(red: $0.Red, green: $0.Green, blue: $0.Blue) }
        palette = Array(Set(palette)).sorted().prefix(size).map { $0 }
        for _ in 0 ..< 2 { palette = refine(palette, counts) }
        return palette
    }

    /// One k-means round: every colour joins its nearest entry; entries move to the
    /// count-weighted mean of their members (empty entries stay).
    private static func refine(_ palette: [RGB24], _ counts: [(color: RGB24, count: Int)]) -> [RGB24] {
        var sums = [(r: Int, g: Int, b: Int, n: Int)](repeating: (0, 0, 0, 0), count: palette.count)
        for (color, count) in counts {
            let index = Int(nearest(color, in: palette)) - 1
            sums[index].r += Int(color.red) * count
            sums[index].g += Int(color.green) * count
            sums[index].b += Int(color.blue) * count
            sums[index].n += count
        }
        return zip(palette, sums).map { entry, sum in
            guard sum.n > 0 else { return entry }
            let (r, g, b) = ((sum.r + sum.n / 2) / sum.n, (sum.g + sum.n / 2) / sum.n, (sum.b + sum.n / 2) / sum.n)
            return RGB24(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
        }
    }
}
