import Concurrency
import Dispatch

/// APNG frames filtered and compressed together, over every core (`compress` spreads
/// them), in frame order. Made in the background (on Dispatch's pool, whose threads are
/// kept: an earlier version started a thread of its own per batch, and the soak's thread
/// count grew while renders ran) so that the encoder plans the next frames meanwhile; or
/// at once, where the calling thread must do its work alone (`Parallel.keepToThisThread`).
final class APNGCompressionBatch: Sendable {
    /// One frame's settled choice (codes dropped), its packed rows, and their filter
    /// choice when already made (else the frame's filters are ranked with it).
    typealias Frame = (choice: APNGFrameChoice, rows: [UInt8], filter: PNGRowFilter.Choice?)
    typealias Compressed = [(data: [UInt8], filter: PNGRowFilter.Choice)]

    /// The frames.
    let frames: [Frame]
    private let result = Locked<Result<Compressed, CodecError>?>(nil)
    /// Signalled once `result` is set.
    private let done = DispatchSemaphore(value: 0)

    /// Starts `compress` on `frames`: each frame's data and the filter choice it applied, in order.
    init(_ frames: [Frame], compress: @escaping @Sendable ([Frame]) throws(CodecError) -> Compressed) {
        self.frames = frames
        let (result, done) = (result, done)
        let work: @Sendable () -> Void = {
            let made = Result { () throws(CodecError) -> Compressed in try compress(frames) }
            result.withLock { $0 = made }
            done.signal()
        }
        if Parallel.isKeptToThisThread { work() } else { DispatchQueue.global().async(execute: work) }
    }

    /// Each frame's compressed data and filter choice, once made; the first error the work threw.
    func compressed() throws(CodecError) -> Compressed {
        done.wait()
        done.signal()  // for the next call
        guard let made = result.withLock({ $0 }) else { throw CodecError("an APNG batch ended without a result") }
        return try made.get()
    }
}
