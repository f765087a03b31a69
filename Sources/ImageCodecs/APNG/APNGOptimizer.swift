/// Chooses, frame by frame, the smallest way to store each APNG frame after the first,
/// as apngasm does: for each way the previous frame can be disposed (keep, clear to
/// transparent, restore), crop the next frame to the rectangle that differs from the
/// resulting canvas, and try it blended as "source" and, where valid, as "over" with
/// unchanged pixels transparent. Unlike apngasm, "over" is also used when the changed
/// pixels that are not opaque land on fully transparent canvas, where compositing over
/// nothing gives exactly the source pixel. Candidates are compared by a quick deflate.
///
/// It takes frames one at a time (`add`) and hands back each frame's choice as soon as
/// the next frame has settled its disposal, so an encoder holds a few frames, not all.
struct APNGOptimizer {
    let layout: PNGPixelLayout
    let width: Int
    let height: Int
    let effort: EncoderEffort
    /// Where the time goes: the candidates' estimates count as `.plan` on every core.
    let timings: PhaseTimes
    /// True to rank candidates by `literalPixels` instead of a deflate (`estimatedSize`
    /// then holds that count, not bytes). Default false.
    let ranksByLiterals: Bool
    private let data: PNGImageData
    /// Codes of the last frame added, and its choice (its disposal not yet known).
    var current: (codes: [UInt32], choice: APNGFrameChoice)?
    /// The canvas the current frame was drawn onto.
    var baseBeforeCurrent: [UInt32]?
    /// With `ranksByLiterals`: false to make every candidate and count it, as `add` does
    /// for a deflate estimate, instead of `addRankedByLiterals`'s two passes; for the
    /// tests that hold the two to the same choices. Default true.
    var ranksInTwoPasses = true

    init(layout: PNGPixelLayout, width: Int, height: Int, effort: EncoderEffort = .thorough, ranksByLiterals: Bool = false,
         timings: PhaseTimes = .off) {
        self.layout = layout
        self.ranksByLiterals = ranksByLiterals
        self.timings = timings
        self.width = width
        self.height = height
        self.effort = effort
        data = PNGImageData(layout: layout, effort: effort)
    }

    /// The stored form of every frame of `frames` (pixel codes of full frames).
    func choices(for frames: [[UInt32]]) throws(CodecError) -> [APNGFrameChoice] {
        var optimizer = self
        var choices: [APNGFrameChoice] = []
        for frame in frames {
            if let settled = try optimizer.add(frame) { choices.append(settled) }
        }
        if let last = optimizer.finish() { choices.append(last) }
        return choices
    }

    /// Adds the next frame's codes; returns the previous frame's choice, now complete.
    mutating func add(_ next: [UInt32]) throws(CodecError) -> APNGFrameChoice? {
        guard let (codes, settled) = current else {
            var first = APNGFrameChoice(rect: .whole(width: width, height: height), blend: .source, codes: next)
            first.estimatedSize = ranksByLiterals ? Self.literalPixels(next, width: width, rect: first.rect)
                                                  : try data.estimatedSize(next, width: width, rect: first.rect)
            current = (next, first)
            return nil
        }
        if ranksByLiterals && ranksInTwoPasses { return addRankedByLiterals(next, after: codes, settled) }
        var previous = settled
        var disposals: [(APNGFrameChoice.Dispose, [UInt32])] = [(.none, codes)]
        if let transparent = layout.transparentCode {
            var cleared = codes
            previous.rect.fill(&cleared, imageWidth: width, with: transparent)
            disposals.append((.background, cleared))
        }
        // Restoring an older canvas rarely wins on spinners; large frames skip trying it.
        if let older = baseBeforeCurrent, effort == .thorough { disposals.append((.previous, older)) }

        // Every candidate is estimated (over all the cores); the first of the smallest wins.
        let (layout, width, height, timings, bases) = (layout, width, height, timings, disposals)
        let found = Parallel.map(bases.count, state: {}) { (index, _: inout Void) -> [APNGFrameChoice] in
            timings.measure(.plan) { Self.candidates(from: bases[index].1, to: next, layout: layout, width: width, height: height) }
        }
        let all = zip(bases, found).flatMap { base, candidates in candidates.map { (dispose: base.0, base: base.1, choice: $0) } }
        let choices = all.map(\.choice)
        // Candidates that store the same codes in the same rectangle (every base's "source"
        // when their rectangles agree, an "over" with no unchanged pixel inside) compress
        // alike: each is estimated once.
        let (estimated, sizeOf) = Self.distinct(choices, width: width)
        let (effort, ranksByLiterals) = (effort, ranksByLiterals)
        let distinctSizes = try Parallel.map(estimated.count, state: { PNGImageData(layout: layout, effort: effort) }) {
            (index, data: inout PNGImageData) throws(CodecError) -> Int in
            try timings.measure(.plan) { () throws(CodecError) -> Int in
                let choice = choices[estimated[index]]
                if ranksByLiterals { return Self.literalPixels(choice.codes, width: width, rect: choice.rect) }
                return try data.estimatedSize(choice.codes, width: width, rect: choice.rect)
            }
        }
        let sizes = sizeOf.map { distinctSizes[$0] }
        var best: (dispose: APNGFrameChoice.Dispose, base: [UInt32], choice: APNGFrameChoice, size: Int)? = nil
        for ((dispose, base, candidate), size) in zip(all, sizes) where size < best?.size ?? Int.max {
            var sized = candidate
            sized.estimatedSize = size
            best = (dispose, base, sized, size)
        }
        guard let best else { return nil }
        previous.dispose = best.dispose
        current = (next, best.choice)
        baseBeforeCurrent = best.base
        return previous
    }

    /// The candidates to estimate (indices into `choices`, each storing codes no earlier
    /// one stores) and, for every candidate, the position in that list of its estimate.
    static func distinct(_ choices: [APNGFrameChoice], width: Int) -> (estimated: [Int], sizeOf: [Int]) {
        var estimated: [Int] = []
        var sizeOf: [Int] = []
        for (index, choice) in choices.enumerated() {
            if let same = estimated.firstIndex(where: { choices[$0].rect == choice.rect
                && Self.sameCodes(choices[$0].codes, choice.codes, in: choice.rect, width: width) }) {
                sizeOf.append(same)
            } else {
                sizeOf.append(estimated.count)
                estimated.append(index)
            }
        }
        return (estimated, sizeOf)
    }

    /// True when `a` and `b` (codes of `width`-wide frames) agree inside `rect`.
    private static func sameCodes(_ a: [UInt32], _ b: [UInt32], in rect: PixelRect, width: Int) -> Bool {
        for y in rect.y ..< rect.y + rect.height {
            let start = y * width + rect.x
            guard a[start ..< start + rect.width] == b[start ..< start + rect.width] else { return false }
        }
        return true
    }

    /// The last frame's choice (it keeps `.none`: nothing follows it).
    mutating func finish() -> APNGFrameChoice? {
        defer { current = nil }
        return current?.choice
    }

    /// The "source" and, when valid, "over" ways to draw `next` onto `base`. One pass
    /// finds the changed rectangle and builds "over" together (`PixelRect.bounding` would
    /// be a second pass over every pixel of every candidate).
    private static func candidates(from base: [UInt32], to next: [UInt32], layout: PNGPixelLayout, width: Int, height: Int)
        -> [APNGFrameChoice] {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        var overIsValid = layout.transparentCode != nil
        var over = next
        let transparent = layout.transparentCode ?? 0
        base.withUnsafeBufferPointer { base in
            next.withUnsafeBufferPointer { next in
                over.withUnsafeMutableBufferPointer { over in
                    for y in 0 ..< height {
                        var rowChanged = false
                        for x in 0 ..< width {
                            let index = y * width + x
                            if base[index] == next[index] {
                                over[index] = transparent
                            } else {
                                if !rowChanged {
                                    rowChanged = true
                                    minX = min(minX, x)
                                }
                                maxX = max(maxX, x)
                                // "Over" equals "source" where the canvas is fully transparent; elsewhere
                                // only an opaque pixel replaces what is there.
                                if overIsValid && !layout.isOpaque(next[index]) && base[index] != transparent { overIsValid = false }
                            }
                        }
                        if rowChanged {
                            minY = min(minY, y)
                            maxY = y
                        }
                    }
                }
            }
        }
        let rect = maxX < 0 ? PixelRect(x: 0, y: 0, width: 1, height: 1)
                            : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        var result = [APNGFrameChoice(rect: rect, blend: .source, codes: next)]
        if overIsValid { result.append(APNGFrameChoice(rect: rect, blend: .over, codes: over)) }
        return result
    }
}
