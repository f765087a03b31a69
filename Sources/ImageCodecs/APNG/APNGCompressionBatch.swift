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
    private let result: Result<[[UInt8]], CodecError>

    /// Runs `compress` on `frames`: each frame's data, in order.
    init(_ frames: [Frame], compress: @Sendable ([Frame]) throws(CodecError) -> [[UInt8]]) {
        self.frames = frames
        result = Result { () throws(CodecError) -> [[UInt8]] in try compress(frames) }
    }

    /// Each frame's compressed data; the first error the work threw.
    func compressed() throws(CodecError) -> [[UInt8]] {
        try result.get()
    }
}
