/// Chooses, frame by frame, the smallest way to store each APNG frame after the first,
/// as apngasm does: for each way the previous frame can be disposed (keep, clear to
/// transparent, restore), crop the next frame to the rectangle that differs from the
/// resulting canvas, and try it blended as "source" and, where valid, as "over" with
/// unchanged pixels transparent. Unlike apngasm, "over" is also used when the changed
/// pixels that are not opaque land on fully transparent canvas, where compositing over
/// nothing gives exactly the source pixel. Candidates are compared by a quick deflate.
struct APNGOptimizer {
    let layout: PNGPixelLayout
    let width: Int
    let height: Int

    /// The stored form of every frame of `frames` (pixel codes of full frames).
    func choices(for frames: [[UInt32]]) throws(CodecError) -> [APNGFrameChoice] {
        guard let first = frames.first else { return [] }
        let data = PNGImageData(layout: layout)
        var choices = [APNGFrameChoice(rect: .whole(width: width, height: height), blend: .source, codes: first)]
        choices[0].estimatedSize = try data.estimatedSize(first, width: width, rect: choices[0].rect)
        var baseBeforeCurrent: [UInt32]? = nil  // canvas the current frame was drawn onto
        for index in 1 ..< frames.count {
            let current = frames[index - 1], next = frames[index]
            var bases: [(APNGFrameChoice.Dispose, [UInt32])] = [(.none, current)]
            if let transparent = layout.transparentCode {
                var cleared = current
                choices[index - 1].rect.fill(&cleared, imageWidth: width, with: transparent)
                bases.append((.background, cleared))
            }
            if let previous = baseBeforeCurrent { bases.append((.previous, previous)) }

            var best: (dispose: APNGFrameChoice.Dispose, base: [UInt32], choice: APNGFrameChoice, size: Int)? = nil
            for (dispose, base) in bases {
                for candidate in candidates(from: base, to: next) {
                    let size = try data.estimatedSize(candidate.codes, width: width, rect: candidate.rect)
                    if size < best?.size ?? Int.max {
                        var sized = candidate
                        sized.estimatedSize = size
                        best = (dispose, base, sized, size)
                    }
                }
            }
            guard let best else { break }
            choices[index - 1].dispose = best.dispose
            choices.append(best.choice)
            baseBeforeCurrent = best.base
        }
        return choices
    }

    /// The "source" and, when valid, "over" ways to draw `next` onto `base`. One pass
    /// finds the changed rectangle and builds "over" together (`PixelRect.bounding` would
    /// be a second pass over every pixel of every candidate).
    private func candidates(from base: [UInt32], to next: [UInt32]) -> [APNGFrameChoice] {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        var overIsValid = layout.transparentCode != nil
        var over = next
        let transparent = layout.transparentCode ?? 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let index = y * width + x
                if base[index] == next[index] {
                    over[index] = transparent
                } else {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                    // "Over" equals "source" where the canvas is fully transparent; elsewhere
                    // only an opaque pixel replaces what is there.
                    if !layout.isOpaque(next[index]) && base[index] != transparent { overIsValid = false }
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
