/// APNG frames filtered and compressed together, over every core (`compress` spreads
/// them), in frame order. Done when made: an earlier version ran the batch on a thread of
/// its own while the encoder planned the next frames, but a new thread per batch showed
/// in the soak's thread count (it grew while renders ran), so the overlap was dropped.
final class APNGCompressionBatch: Sendable {
    /// One frame's settled choice (codes dropped), its packed rows, and their filter
    /// choice when already made (else the frame's filters are ranked with it).
    typealias Frame = (choice: APNGFrameChoice, rows: [UInt8], filter: PNGRowFilter.Choice?)

    /// The frames.
    let frames: [Frame]
    private let result: Result<[(data: [UInt8], filter: PNGRowFilter.Choice)], CodecError>

    /// Runs `compress` on `frames`: each frame's data and the filter choice it applied, in order.
    init(_ frames: [Frame], compress: @Sendable ([Frame]) throws(CodecError) -> [(data: [UInt8], filter: PNGRowFilter.Choice)]) {
        self.frames = frames
        result = Result { () throws(CodecError) -> [(data: [UInt8], filter: PNGRowFilter.Choice)] in try compress(frames) }
    }

    /// Each frame's compressed data and filter choice; the first error the work threw.
    func compressed() throws(CodecError) -> [(data: [UInt8], filter: PNGRowFilter.Choice)] {
        try result.get()
    }
}
