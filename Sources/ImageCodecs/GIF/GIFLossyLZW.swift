/// GIF's LZW coding that lets a code run on through small colour errors, as
/// `gifsicle --lossy` does: where the exact coder must end a code at the first pixel its
/// string table has not seen after the current string, this one may follow any string in
/// the table whose colours stay within `tolerance` of the pixels, and takes the one that
/// reaches furthest (the smallest summed error among equals). The decoder needs nothing
/// new: the stream is plain LZW, only the pixels it decodes to differ a little.
///
/// Written by hand because giflib, the GIF library here, has only its exact coder; the
/// bits are laid out exactly as giflib's `EGifCompressLine` lays them (a tolerance of 0
/// writes giflib's bytes, which `GIFLossyLZWTests` holds it to), and giflib still writes
/// everything around them (`GIFWriter`).
struct GIFLossyLZW: Sendable {
    /// Largest squared distance between a pixel's colour and the colour coded for it: the
    /// sum of the squared channel differences, 0–255 each.
    let tolerance: Int
    /// `distance[wanted * 256 + coded]`: the squared distance of two palette entries, or
    /// `Int32.max` for a pair out of tolerance (and for the exact index with any other).
    private let distance: [Int32]
    /// Most trie nodes one code's search visits (a bound on the work per code whatever
    /// the pixels; 512). The exact match is always found whatever the budget.
    static let searchBudget = 512

    /// A coder for `palette` at `tolerance` (see `tolerance(quality:)`). Pixels of index
    /// `exact` (the transparent slot, "keep what is there") are only ever coded as
    /// themselves, and never stand in for another.
    init(palette: [(UInt8, UInt8, UInt8)], tolerance: Int, exact: UInt8 = GIFPalette.transparentIndex) {
        self.tolerance = tolerance
        var distance = [Int32](repeating: .max, count: 256 * 256)
        for (wanted, a) in palette.enumerated() where wanted != Int(exact) {
            for (coded, b) in palette.enumerated() where coded != Int(exact) {
                let (red, green, blue) = (Int(a.0) - Int(b.0), Int(a.1) - Int(b.1), Int(a.2) - Int(b.2))
                let squared = red * red + green * green + blue * blue
                if squared <= tolerance { distance[wanted * 256 + coded] = Int32(squared) }
            }
        }
        self.distance = distance
    }

    /// The tolerance for `quality` (1–99) on frames of exact colours: (100 − quality)² × 2.1
    /// squared units, so 80 allows 840 (a channel may stray by up to 28 alone, or 16 in
    /// all three), a little over `gifsicle --lossy=80`'s 800: the same files within 0.1 %,
    /// so that ours come out no larger.
    static func tolerance(quality: Int) -> Int {
        let loss = 100 - max(1, min(99, quality))
        return loss * loss * 21 / 10
    }

    /// The tolerance for `quality` on frames already mapped to a palette chosen at that
    /// quality (`PaletteQuantizer`), which has spent most of the error: (100 − quality)² / 4,
    /// 100 at 80 (at 300, activity's and circular's mean error rose 0.1–0.2 above
    /// gifsicle's).
    static func tolerance(quantizedAt quality: Int) -> Int {
        let loss = 100 - max(1, min(99, quality))
        return loss * loss / 4
    }

    /// The LZW code stream of `indices` (palette indices, row by row) at
    /// `minimumCodeSize` bits (2–8), without GIF's sub-block lengths: a clear code first,
    /// the end-of-information code last.
    func code(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var output = GIFCodeStream(minimumCodeSize: minimumCodeSize)
        var table = StringTable(literals: output.clearCode)
        indices.withUnsafeBufferPointer { pixels in
            distance.withUnsafeBufferPointer { distance in
                var position = 0
                while position < pixels.count {
                    let (node, end) = table.longestMatch(from: position, in: pixels, distance: distance, budget: Self.searchBudget)
                    output.emit(Int(node))
                    position = end
                    guard position < pixels.count else { break }
                    if let code = output.nextEntry() {
                        table.add(Int16(code), after: node, pixel: pixels[position])
                    } else {
                        table.clear()
                    }
                }
            }
        }
        return output.finish()
    }
}

/// LZW's string table as a trie: each code's children (the codes one pixel longer) in a
/// linked list, so a search can walk every string that continues a code.
private struct StringTable {
    private var firstChild = [Int16](repeating: -1, count: 4096)
    private var nextSibling = [Int16](repeating: -1, count: 4096)
    private var lastPixel = [UInt8](repeating: 0, count: 4096)
    private var stack: [Step] = []

    /// A string being followed: its code, where the pixels after it start, and its summed
    /// squared error.
    private struct Step {
        var node: Int16
        var end: Int
        var error: Int32
    }

    init(literals: Int) {
        for code in 0 ..< min(literals, 256) { lastPixel[code] = UInt8(code) }
        stack.reserveCapacity(Self.stackReserve)
    }

    private static let stackReserve = 1024

    mutating func clear() {
        for code in firstChild.indices { firstChild[code] = -1 }
    }

    mutating func add(_ code: Int16, after parent: Int16, pixel: UInt8) {
        lastPixel[Int(code)] = pixel
        nextSibling[Int(code)] = firstChild[Int(parent)]
        firstChild[Int(parent)] = code
    }

    /// The code to write for the pixels from `start`, and where the next code starts:
    /// the exact longest match first (a string that differs nowhere), then every string
    /// within tolerance at each pixel, depth first, until `budget` nodes were visited.
    mutating func longestMatch(from start: Int, in pixels: UnsafeBufferPointer<UInt8>,
                               distance: UnsafeBufferPointer<Int32>, budget: Int) -> (node: Int16, end: Int) {
        let root = Int16(pixels[start])
        // The exact match: what giflib's coder writes, and never worse than it.
        var node = root, end = start + 1
        while end < pixels.count, let child = child(of: node, exactly: pixels[end]) {
            node = child
            end += 1
        }
        var best = (node: node, end: end, error: Int32(0))
        var visits = 0
        stack.removeAll(keepingCapacity: true)
        stack.append(Step(node: root, end: start + 1, error: 0))
        while let step = stack.popLast() {
            if step.end > best.end || (step.end == best.end && step.error < best.error) { best = (step.node, step.end, step.error) }
            guard step.end < pixels.count, visits < budget else { continue }
            let wanted = Int(pixels[step.end])
            var child = firstChild[Int(step.node)]
            while child >= 0 {
                visits += 1
                let coded = Int(lastPixel[Int(child)])
                if coded == wanted {
                    stack.append(Step(node: child, end: step.end + 1, error: step.error))
                } else {
                    let squared = distance[wanted * 256 + coded]
                    if squared != .max { stack.append(Step(node: child, end: step.end + 1, error: step.error + squared)) }
                }
                child = nextSibling[Int(child)]
            }
        }
        return (best.node, best.end)
    }

    private func child(of node: Int16, exactly pixel: UInt8) -> Int16? {
        var child = firstChild[Int(node)]
        while child >= 0 {
            if lastPixel[Int(child)] == pixel { return child }
            child = nextSibling[Int(child)]
        }
        return nil
    }
}
