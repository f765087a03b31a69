import Dispatch
import Locking

/// APNG frames being filtered and compressed on other threads while the encoder plans
/// the next ones: planning a frame depends on the frame before, so it runs on one thread,
/// and without this the cores would wait for it between batches. Started by `init`,
/// collected (in frame order) by `frames()`. With one core the work is done in `init`.
final class APNGCompressionBatch: Sendable {
    /// One frame's settled choice (codes dropped) and its packed rows.
    typealias Frame = (choice: APNGFrameChoice, rows: [UInt8])

    private let pending: [Frame]
    private let done = DispatchGroup()
    private let outcome = Locked<Result<[[UInt8]], CodecError>?>(nil)

    /// Starts `compress` on `frames`: each frame's data, in order.
    init(_ frames: [Frame], compress: @escaping @Sendable ([Frame]) throws(CodecError) -> [[UInt8]]) {
        pending = frames
        let outcome = outcome
        let run: @Sendable () -> Void = {
            let result = Result { () throws(CodecError) -> [[UInt8]] in try compress(frames) }
            outcome.withLock { $0 = result }
        }
        if Parallel.cores > 1 {
            DispatchQueue.global().async(group: done, execute: run)
        } else {
            run()
        }
    }

    /// The frames with their compressed data, once every one is done; the first error
    /// the work threw.
    func frames() throws(CodecError) -> [(choice: APNGFrameChoice, data: [UInt8])] {
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { preconditionFailure("the batch finished") }
        return try zip(pending.map(\.choice), result.get()).map { ($0, $1) }
    }
}
