/// APNG frames filtered and compressed together, over every core (`compress` spreads
/// them), in frame order, in the background (`PendingWork`) while the encoder plans the
/// next frames.
final class APNGCompressionBatch: Sendable {
    /// One frame's settled choice (codes dropped), its packed rows, and their filter
    /// choice when already made (else the frame's filters are ranked with it).
    typealias Frame = (choice: APNGFrameChoice, rows: [UInt8], filter: PNGRowFilter.Choice?)
    typealias Compressed = [(data: [UInt8], filter: PNGRowFilter.Choice)]

    /// The frames.
    let frames: [Frame]
    private let work: PendingWork<Compressed>

    /// Starts `compress` on `frames`: each frame's data and the filter choice it applied, in order.
    init(_ frames: [Frame], compress: @escaping @Sendable ([Frame]) throws(CodecError) -> Compressed) {
        self.frames = frames
        work = PendingWork { () throws(CodecError) -> Compressed in try compress(frames) }
    }

    /// Each frame's compressed data and filter choice, once made; the first error the work threw.
    func compressed() throws(CodecError) -> Compressed {
        try work.value()
    }

    /// Waits for the compression to end, whatever it made.
    func settle() {
        work.settle()
    }
}
