/// Encodes frames and their durations as an animated PNG (`image/apng`).
///
/// The APNG chunks (acTL, fcTL, fdAT) are written here because Debian's libpng lacks
/// the APNG patch; deflate and CRC come from zlib. Output is kept small the way
/// apngasm does it — identical neighbours merged, the smallest exact colour layout
/// (palette at 1–8 bits, gray, RGB, with or without alpha), each frame cropped to what
/// changed with the best dispose/blend pair, row filters chosen per row — and every
/// layout candidate is encoded in full to keep the smallest.
public struct APNGEncoder: Sendable {
    /// How many times the animation plays; 0 plays forever (acTL `num_plays`).
    public let loops: Int

    public init(loops: Int = 0) {
        precondition(loops >= 0, "loops cannot be negative")
        self.loops = loops
    }

    /// Frames planned in each candidate layout to pick the layout.
    static let layoutSampleFrames = 8

    /// The APNG bytes of `frames` (at least one, all the same size).
    public func encode(_ frames: [AnimationFrame]) throws(CodecError) -> [UInt8] {
        var runs = MergedRuns<RGBAImage, FrameDuration>(adding: +)
        for frame in frames { runs.append(frame.image, lasting: frame.duration) }
        let merged = runs.runs.map { AnimationFrame(image: $0.value, duration: $0.duration) }
        guard let first = merged.first else { throw CodecError("no frames to encode") }
        let (width, height) = (first.image.width, first.image.height)
        precondition(merged.allSatisfy { $0.image.width == width && $0.image.height == height }, "frame sizes differ")
        let layouts = PNGPixelLayout.candidates(for: merged.map(\.image), animated: merged.count > 1)

        // Layouts are compared by planning a sample of the frames with quick deflate
        // estimates; the winner is then planned in full and compressed in earnest.
        let sample = Array(merged.prefix(Self.layoutSampleFrames))
        var best: (layout: PNGPixelLayout, estimate: Int)? = nil
        for layout in layouts where layouts.count > 1 {
            let estimate = try plan(sample, layout: layout, width: width, height: height)
                .reduce(layout.tableChunks.reduce(0) { $0 + $1.data.count + 12 }) { $0 + $1.estimatedSize }
            if estimate < best?.estimate ?? Int.max { best = (layout, estimate) }
        }
        guard let layout = best?.layout ?? layouts.first else { throw CodecError("no pixel layout fits") }
        return try write(merged, layout: layout, choices: plan(merged, layout: layout, width: width, height: height), width: width)
    }

    private func plan(_ frames: [AnimationFrame], layout: PNGPixelLayout, width: Int, height: Int) throws(CodecError) -> [APNGFrameChoice] {
        let codes = frames.map { PixelCodes.codes(of: $0.image, in: layout) }
        return try APNGOptimizer(layout: layout, width: width, height: height).choices(for: codes)
    }

    private func write(_ frames: [AnimationFrame], layout: PNGPixelLayout, choices: [APNGFrameChoice],
                       width: Int) throws(CodecError) -> [UInt8] {
        let delays = APNGDelays.fractions(frames.map(\.duration))
        let data = PNGImageData(layout: layout)
        let rawBytes = choices.reduce(0) { $0 + (layout.rowBytes(width: $1.rect.width) + 1) * $1.rect.height }
        let strength: PNGImageData.Strength = rawBytes <= PNGImageData.strongestLimit ? .strongest : .fast

        var writer = PNGChunkWriter()
        writer.chunk("IHDR", PNGEncoder.header(frames[0].image, layout))
        writer.chunk("acTL", UInt32(frames.count).bigEndianBytes + UInt32(loops).bigEndianBytes)
        for table in layout.tableChunks { writer.chunk(table.type, table.data) }
        var sequence: UInt32 = 0
        for (index, choice) in choices.enumerated() {
            let rect = choice.rect
            writer.chunk("fcTL", sequence.bigEndianBytes + UInt32(rect.width).bigEndianBytes
                         + UInt32(rect.height).bigEndianBytes + UInt32(rect.x).bigEndianBytes
                         + UInt32(rect.y).bigEndianBytes + delays[index].numerator.bigEndianBytes
                         + delays[index].denominator.bigEndianBytes + [choice.dispose.rawValue, choice.blend.rawValue])
            sequence += 1
            let compressed = try data.compress(choice.codes, width: width, rect: rect, strength: strength)
            if index == 0 {
                writer.chunk("IDAT", compressed)
            } else {
                writer.chunk("fdAT", sequence.bigEndianBytes + compressed)
                sequence += 1
            }
        }
        writer.chunk("IEND", [])
        return writer.bytes
    }
}

/// APNG frame delays: 16-bit numerator and denominator of seconds.
enum APNGDelays {
    /// Exact fractions when they fit in 16 bits; otherwise whole milliseconds rounded
    /// cumulatively, so the delays still sum to the total (to the millisecond) without drift.
    static func fractions(_ durations: [FrameDuration]) -> [(numerator: UInt16, denominator: UInt16)] {
        if durations.allSatisfy({ $0.numerator <= 65535 && $0.denominator <= 65535 }) {
            return durations.map { (UInt16($0.numerator), UInt16($0.denominator)) }
        }
        // A frame shorter than a millisecond still gets one; the next frames give it back.
        var written: Int64 = 0
        return FrameDuration.boundaries(of: durations, unitsPerSecond: 1000).dropFirst().map { target in
            let delay = max(1, target - written)
            written += delay
            return (UInt16(clamping: delay), 1000)
        }
    }
}
