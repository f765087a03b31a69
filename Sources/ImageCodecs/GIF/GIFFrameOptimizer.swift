/// Chooses how each GIF frame is stored, as `gifsicle -O2` does: every frame is cropped
/// to the rectangle that differs from the canvas it is drawn on; the previous frame is
/// either left in place or cleared to transparent (widened to clear every pixel that
/// must turn transparent, which the "keep" index cannot express); and inside the
/// rectangle unchanged pixels are either made transparent ("keep") or redrawn, whichever
/// LZW codes smaller. Sizes are measured by coding them (giflib, or `GIFLossyLZW`).
///
/// It takes frames one at a time (`add`) and hands back each stored image once the frame
/// after it is known (the choice of disposal looks one frame ahead), so an encoder holds
/// two frames, not all. At `.quick` effort the frame after is not encoded to weigh the
/// two disposals: the previous frame is kept when it can be, else cleared.
struct GIFFrameOptimizer {
    let width: Int
    let height: Int
    let palette: [(UInt8, UInt8, UInt8)]
    let effort: EncoderEffort
    /// The coder that lets LZW codes run through small errors (sizes are weighed as it
    /// codes them), or nil for giflib's exact one.
    let lossy: GIFLossyLZW?
    let timings: PhaseTimes
    private let transparent = GIFPalette.transparentIndex
    /// The canvas the waiting frame is drawn on, and the rectangle it redraws.
    private var base: [UInt8]
    private var rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
    /// The frame waiting for its successor, with its delay.
    private var waiting: (frame: [UInt8], delay: Int)?

    init(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], effort: EncoderEffort = .thorough,
         lossy: GIFLossyLZW? = nil, timings: PhaseTimes = .off) {
        self.width = width
        self.height = height
        self.palette = palette
        self.effort = effort
        self.lossy = lossy
        self.timings = timings
        base = [UInt8](repeating: GIFPalette.transparentIndex, count: width * height)
    }

    /// The stored images for full-canvas index frames and their delays (centiseconds).
    func images(for frames: [[UInt8]], delays: [Int]) throws(CodecError) -> [GIFWriter.Image] {
        var optimizer = self
        var images: [GIFWriter.Image] = []
        for (frame, delay) in zip(frames, delays) {
            if let image = try optimizer.add(frame, delay: delay) { images.append(image) }
        }
        if let last = try optimizer.finish() { images.append(last) }
        return images
    }

    /// Adds the next frame (palette indices over the whole canvas) and its delay; returns
    /// the stored image of the frame before it, now that its disposal is settled.
    mutating func add(_ next: [UInt8], delay nextDelay: Int) throws(CodecError) -> GIFWriter.Image? {
        try timings.measure(.plan) { () throws(CodecError) in try choose(next, delay: nextDelay) }
    }

    private mutating func choose(_ next: [UInt8], delay nextDelay: Int) throws(CodecError) -> GIFWriter.Image? {
        guard let (current, delay) = waiting else {
            rect = differingRect(base, next)
            waiting = (next, nextDelay)
            return nil
        }
        var options: [(disposal: Int32, rect: PixelRect, nextBase: [UInt8])] = []
        if !zip(current, next).contains(where: { $0 != transparent && $1 == transparent }) {
            options.append((1, rect, current))
        }
        if options.isEmpty || effort == .thorough {
            let widened = rect.union(PixelRect.bounding(width: width, height: height) {
                current[$0] != transparent && next[$0] == transparent
            })
            var cleared = current
            widened.fill(&cleared, imageWidth: width, with: transparent)
            options.append((2, widened, cleared))
        }

        var best: (image: GIFWriter.Image, nextBase: [UInt8], nextRect: PixelRect, cost: Int)? = nil
        for option in options {
            let image = try bestImage(base: base, target: current, rect: option.rect, delay: delay, disposal: option.disposal,
                                      written: true)
            let nextRect = differingRect(option.nextBase, next)
            // Weighed by both frames' sizes when there is a choice to make.
            let following = options.count > 1
                ? try bestImage(base: option.nextBase, target: next, rect: nextRect, delay: nextDelay, disposal: 1).size : 0
            let cost = image.size + following
            if cost < best?.cost ?? Int.max { best = (image.image, option.nextBase, nextRect, cost) }
        }
        guard let best else { return nil }
        base = best.nextBase
        rect = best.nextRect
        waiting = (next, nextDelay)
        return best.image
    }

    /// The last frame's stored image.
    mutating func finish() throws(CodecError) -> GIFWriter.Image? {
        guard let (current, delay) = waiting else { return nil }
        waiting = nil
        return try timings.measure(.plan) { () throws(CodecError) in
            try bestImage(base: base, target: current, rect: rect, delay: delay, disposal: 1, written: true).image
        }
    }

    /// The smallest of "unchanged pixels transparent" and "redraw everything" for `rect`,
    /// with the bytes giflib codes it in; for an image that is written (`written`), also
    /// gifsicle's "runs" (`runs(base:target:)`).
    private func bestImage(base: [UInt8], target: [UInt8], rect: PixelRect, delay: Int,
                           disposal: Int32, written: Bool = false) throws(CodecError) -> (image: GIFWriter.Image, size: Int) {
        let keep = Self.kept(base: base, target: target, rect: rect, width: width, transparent: transparent)
        let first = GIFWriter.Image(rect: rect, indices: keep, delay: delay, disposal: disposal, transparentIndex: Int(transparent))
        // Large frames: unchanged pixels made transparent, unmeasured (long transparent runs
        // are what LZW codes best; measuring both ways coded every frame three times).
        guard effort == .thorough else { return (first, 0) }
        var redraw = [UInt8](), old = [UInt8]()
        redraw.reserveCapacity(rect.width * rect.height)
        old.reserveCapacity(rect.width * rect.height)
        for y in rect.y ..< rect.y + rect.height {
            redraw.append(contentsOf: target[y * width + rect.x ..< y * width + rect.x + rect.width])
            old.append(contentsOf: base[y * width + rect.x ..< y * width + rect.x + rect.width])
        }
        var best = (image: first, size: try size(of: first))
        guard keep != redraw else { return best }
        let second = GIFWriter.Image(rect: rect, indices: redraw, delay: delay, disposal: disposal,
                                     transparentIndex: redraw.contains(transparent) ? Int(transparent) : nil)
        let secondSize = try size(of: second)
        if secondSize < best.size { best = (second, secondSize) }
        guard written else { return best }
        let runs = Self.runs(base: old, target: redraw, transparent: transparent)
        guard runs != keep && runs != redraw else { return best }
        let third = GIFWriter.Image(rect: rect, indices: runs, delay: delay, disposal: disposal, transparentIndex: Int(transparent))
        let thirdSize = try size(of: third)
        return thirdSize < best.size ? (third, thirdSize) : best
    }

    /// The rectangle's pixels of `target` (a `width`-wide frame), each one equal to
    /// `base`'s made `transparent` ("keep what is there").
    static func kept(base: [UInt8], target: [UInt8], rect: PixelRect, width: Int, transparent: UInt8) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { output, initialized in
            base.withUnsafeBufferPointer { base in
                target.withUnsafeBufferPointer { target in
                    var written = 0
                    for y in rect.y ..< rect.y + rect.height {
                        for index in y * width + rect.x ..< y * width + rect.x + rect.width {
                            let pixel = target[index]
                            output[written] = pixel == base[index] ? transparent : pixel
                            written += 1
                        }
                    }
                }
            }
            initialized = rect.width * rect.height
        }
    }

    /// gifsicle's middle way between keeping and redrawing unchanged pixels
    /// (`transp_frame_data`): in pixel order (stretches run on across rows), a stretch of
    /// unchanged pixels keeps its colour while it is one colour, so it joins the LZW run
    /// of the changed pixels around it; once a second colour appears in it, the whole
    /// stretch turns transparent. `base` and `target` are the rectangle's pixels before
    /// and after.
    static func runs(base: [UInt8], target: [UInt8], transparent: UInt8) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: target.count)
        var stretchStart = 0
        var state = 0  // 0: no stretch; 1: a stretch of one colour; 2: of several
        for index in target.indices {
            let pixel = target[index]
            if pixel != base[index] && pixel != transparent {
                state = 0
            } else if state == 0 {
                stretchStart = index
                state = 1
            } else if state == 1 && pixel != output[index - 1] {
                for earlier in stretchStart ..< index { output[earlier] = transparent }
                state = 2
            }
            output[index] = state == 2 ? transparent : pixel
        }
        return output
    }

    /// Bytes the image takes in a GIF (plus a constant header), as it is coded.
    private func size(of image: GIFWriter.Image) throws(CodecError) -> Int {
        let writer = try GIFWriter(width: width, height: height, palette: palette, lossy: lossy, keepsBytes: false)
        try writer.write(image)
        return try writer.finishCounting()
    }

    private func differingRect(_ base: [UInt8], _ target: [UInt8]) -> PixelRect {
        let rect = PixelRect.bounding(width: width, height: height) { base[$0] != target[$0] }
        return rect.width == 0 ? PixelRect(x: 0, y: 0, width: 1, height: 1) : rect
    }
}
