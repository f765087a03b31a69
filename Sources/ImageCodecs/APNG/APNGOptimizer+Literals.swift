/// The optimiser's candidates at `.quick` effort ranked by literal pixels
/// (`APNGOptimizer.ranksByLiterals`), found without making them: one pass over the frame
/// finds, for the canvas kept and the canvas with the last frame's region cleared, the
/// rectangle that changed and whether "over" may be used; a second counts each
/// candidate's literals inside its rectangle; only the winner's codes are made. The same
/// choices as making every candidate (a copy of the canvas and of the frame each) and
/// counting them one by one (`APNGLiteralRankingTests`), in about two thirds of the time
/// (circular.apng at 128 px @2x, quick: planning 24 → 15 ms of CPU; dots 42 → 33).
extension APNGOptimizer {
    /// Where a frame differs from one canvas, and whether "over" may draw it there.
    struct Change: Sendable {
        var minX: Int, minY = Int.max, maxX = -1, maxY = -1
        /// Every changed pixel is opaque, or lands on fully transparent canvas.
        var overIsValid: Bool

        init(width: Int, overIsValid: Bool) {
            (minX, self.overIsValid) = (width, overIsValid)
        }

        /// The changed rectangle; one pixel at the origin when nothing changed (as `candidates`).
        var rect: PixelRect {
            maxX < 0 ? PixelRect(x: 0, y: 0, width: 1, height: 1)
                     : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }

        /// Columns `first` through `last` of row `y` changed (none when `first > last`).
        @inline(__always)
        mutating func mark(row y: Int, from first: Int, to last: Int) {
            guard first <= last else { return }
            (minX, maxX) = (Swift.min(minX, first), Swift.max(maxX, last))
            (minY, maxY) = (Swift.min(minY, y), Swift.max(maxY, y))
        }
    }

    /// `add` ranked by literals: the previous frame's `codes` and its `settled` choice, the
    /// next frame's codes. Candidates in `add`'s order (kept canvas: source, over; cleared
    /// canvas: source, over); the first of the fewest literals wins. On one core: split
    /// over two (by halves of the rows, then by candidates), the passes gained as much
    /// wall time at 128 px @2x as they lost at 64, in thread wake-ups every frame.
    mutating func addRankedByLiterals(_ next: [UInt32], after codes: [UInt32], _ settled: APNGFrameChoice) -> APNGFrameChoice {
        var previous = settled
        let transparent = layout.transparentCode
        let cleared = transparent.map { _ in previous.rect }
        let clear = transparent ?? 0
        let (kept, onCleared) = Self.changes(from: codes, to: next, cleared: cleared, clear: clear, layout: layout,
                                             width: width, height: height)
        // The candidates in order; the cleared canvas's "source" only when its rectangle
        // differs (the same codes in the same rectangle count alike, and the first wins a tie).
        var candidates: [(dispose: APNGFrameChoice.Dispose, blend: APNGFrameChoice.Blend, rect: PixelRect)] = [(.none, .source, kept.rect)]
        if kept.overIsValid { candidates.append((.none, .over, kept.rect)) }
        if cleared != nil {
            if onCleared.rect != kept.rect { candidates.append((.background, .source, onCleared.rect)) }
            if onCleared.overIsValid { candidates.append((.background, .over, onCleared.rect)) }
        }
        let literals = candidates.map { candidate in
            guard candidate.blend == .over else { return Self.literalPixels(next, width: width, rect: candidate.rect) }
            return Self.overLiteralPixels(next, onto: codes, cleared: candidate.dispose == .background ? cleared : nil,
                                          clear: clear, width: width, rect: candidate.rect)
        }
        var bestIndex = 0
        for index in literals.indices where literals[index] < literals[bestIndex] { bestIndex = index }
        let best = candidates[bestIndex]
        var stored = next
        if best.blend == .over {
            // Unchanged pixels of the rectangle made transparent (only the rectangle is written).
            let rect = best.rect
            for y in rect.y ..< rect.y + rect.height {
                let clearedColumns = best.dispose == .background ? previous.rect.columns(inRow: y) : 0 ..< 0
                for x in rect.x ..< rect.x + rect.width {
                    let index = y * width + x
                    if stored[index] == (clearedColumns.contains(x) ? clear : codes[index]) { stored[index] = clear }
                }
            }
        }
        var choice = APNGFrameChoice(rect: best.rect, blend: best.blend, codes: stored)
        choice.estimatedSize = literals[bestIndex]
        previous.dispose = best.dispose
        current = (next, choice)
        baseBeforeCurrent = nil  // restoring is tried at `.thorough` effort only
        return previous
    }

    /// Where `next` differs from `base` kept and from `base` with `cleared` made `clear`
    /// (when given), and whether "over" may draw it there.
    private static func changes(from base: [UInt32], to next: [UInt32], cleared: PixelRect?, clear: UInt32,
                                layout: PNGPixelLayout, width: Int, height: Int) -> (kept: Change, onCleared: Change) {
        let mayBlend = layout.transparentCode != nil
        var kept = Change(width: width, overIsValid: mayBlend), onCleared = Change(width: width, overIsValid: mayBlend)
        next.withUnsafeBufferPointer { next in
            base.withUnsafeBufferPointer { base in
                for y in 0 ..< height {
                    let row = y * width
                    let clearedColumns = cleared?.columns(inRow: y) ?? 0 ..< 0
                    var (keptFirst, keptLast, clearedFirst, clearedLast) = (width, -1, width, -1)
                    for x in 0 ..< width {
                        let (code, underneath) = (next[row + x], base[row + x])
                        if code != underneath {
                            keptFirst = min(keptFirst, x)
                            keptLast = x
                            if kept.overIsValid && underneath != clear && !layout.isOpaque(code) { kept.overIsValid = false }
                        }
                        guard cleared != nil else { continue }
                        let onClear = clearedColumns.contains(x) ? clear : underneath
                        if code != onClear {
                            clearedFirst = min(clearedFirst, x)
                            clearedLast = x
                            if onCleared.overIsValid && onClear != clear && !layout.isOpaque(code) { onCleared.overIsValid = false }
                        }
                    }
                    kept.mark(row: y, from: keptFirst, to: keptLast)
                    onCleared.mark(row: y, from: clearedFirst, to: clearedLast)
                }
            }
        }
        return (kept, onCleared)
    }

    /// `literalPixels` of the "over" candidate that draws `next` onto `base` (with `cleared`
    /// made `clear`, when given): unchanged pixels count as `clear`. Each row's codes are
    /// made once, into a buffer kept for the row below.
    static func overLiteralPixels(_ next: [UInt32], onto base: [UInt32], cleared: PixelRect?, clear: UInt32, width: Int,
                                  rect: PixelRect) -> Int {
        var count = 0
        next.withUnsafeBufferPointer { next in
            base.withUnsafeBufferPointer { base in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * rect.width) { rows in
                    var (row, above) = (0, rect.width)
                    for y in rect.y ..< rect.y + rect.height {
                        let start = y * width
                        let clearedColumns = cleared?.columns(inRow: y) ?? 0 ..< 0
                        for x in rect.x ..< rect.x + rect.width {
                            let code = next[start + x]
                            let below = clearedColumns.contains(x) ? clear : base[start + x]
                            rows[row + x - rect.x] = code == below ? clear : code
                        }
                        count += literals(rows, row: row, above: y == rect.y ? nil : above, width: rect.width)
                        swap(&row, &above)
                    }
                }
            }
        }
        return count
    }

    /// The pixels of `rect` (of `codes`, a `width`-wide frame) that are neither their left
    /// nor their upper neighbour within it: roughly what deflate must store as literals,
    /// the rest being matches one pixel or one row back. Ranks a frame's candidates in
    /// one pass where the quick deflate estimate would pack, filter and compress (a third
    /// of the planning of `circular` and `dots` at 128 px @2x); the choices, and the files,
    /// came out within 0.5 % in RGB(A) layouts. Palettes pack several pixels a byte, so
    /// they are ranked by deflate still (by this count, `capsules` grew by a sixth).
    static func literalPixels(_ codes: [UInt32], width: Int, rect: PixelRect) -> Int {
        var count = 0
        codes.withUnsafeBufferPointer { codes in
            for y in rect.y ..< rect.y + rect.height {
                count += literals(codes, row: y * width + rect.x, above: y == rect.y ? nil : (y - 1) * width + rect.x, width: rect.width)
            }
        }
        return count
    }

    /// The codes of the `width` codes at `row` that are neither the one before them (the
    /// first has none) nor the one at the same place of the `width` codes at `above`.
    @inline(__always)
    private static func literals<Codes: RandomAccessCollection<UInt32>>(_ codes: Codes, row: Int, above: Int?, width: Int) -> Int
        where Codes.Index == Int {
        var count = 0
        var left: UInt32 = 0
        for x in 0 ..< width {
            let code = codes[row + x]
            if (x == 0 || code != left) && (above.map { code != codes[$0 + x] } ?? true) { count += 1 }
            left = code
        }
        return count
    }
}
