/// APNG frames being filtered and compressed on other threads while the encoder plans
/// the next ones: planning a frame depends on the frame before, so it runs on one thread,
/// and without this the cores would wait for it between batches. Started by `init`,
/// collected (in frame order) by `compressed()`.
final class APNGCompressionBatch: Sendable {
    /// One frame's settled choice (codes dropped), its packed rows, and their filter
    /// choice when already made (else the frame's filters are ranked with it).
    typealias Frame = (choice: APNGFrameChoice, rows: [UInt8], filter: PNGRowFilter.Choice?)

    /// The frames.
    let frames: [Frame]
    private let work: BackgroundWork<Result<[[UInt8]], CodecError>>

    /// Starts `compress` on `frames`: each frame's data, in order.
    init(_ frames: [Frame], compress: @escaping @Sendable ([Frame]) throws(CodecError) -> [[UInt8]]) {
        self.frames = frames
        work = BackgroundWork { Result { () throws(CodecError) -> [[UInt8]] in try compress(frames) } }
    }

    /// Each frame's compressed data, once every one is done; the first error the work threw.
    func compressed() throws(CodecError) -> [[UInt8]] {
        try work.value().get()
    }
}
