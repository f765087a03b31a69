import Concurrency
import Dispatch

/// Work of one render started on Dispatch's pool, whose result is waited for when it is
/// needed: so that an encoder plans its next frames while the last ones are compressed
/// (APNG) or LZW-coded (GIF). The pool's threads are kept (an earlier version started a
/// thread of its own per batch, and the soak's thread count grew while renders ran). On a
/// thread kept to itself (`Parallel.keepToThisThread`: a final encode at the lowest
/// priority) the work is done at once, on that thread.
final class PendingWork<Value: Sendable>: Sendable {
    private let result = Locked<Result<Value, CodecError>?>(nil)
    /// Signalled once `result` is set.
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work`.
    init(_ work: @escaping @Sendable () throws(CodecError) -> Value) {
        let (result, done) = (result, done)
        let run: @Sendable () -> Void = {
            let made = Result { () throws(CodecError) -> Value in try work() }
            result.withLock { $0 = made }
            done.signal()
        }
        if Parallel.isKeptToThisThread { run() } else { DispatchQueue.global().async(execute: run) }
    }

    /// What the work made, once it is done; the error it threw.
    func value() throws(CodecError) -> Value {
        done.wait()
        done.signal()  // for the next call
        guard let made = result.withLock({ $0 }) else { throw CodecError("background work ended without a result") }
        return try made.get()
    }

    /// Waits for the work to end, whatever it made: for an encoder that stops early, so
    /// that none of its render's work goes on after it.
    func settle() {
        _ = try? value()
    }
}
