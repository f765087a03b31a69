import Dispatch
import Glibc
import Concurrency
import Synchronization

/// Independent pieces of one render spread over two cores (Dispatch's pool, which has one
/// thread per core): drawing frames, compressing APNG frames, coding WebP frames. Results come
/// back in index order, so the output does not depend on how many cores there are or
/// which finished first.
public enum Parallel {
    /// Workers to use for `count` items: `cores`, but never more than the items; one on a
    /// thread kept to itself (`keepToThisThread`).
    static func workers(for count: Int) -> Int {
        isKeptToThisThread ? min(count, 1) : min(count, cores)
    }

    /// Marks the calling thread so that every `map` it runs from now on works on it alone,
    /// with no help from Dispatch's pool: for background work at the lowest priority (the
    /// final encodes), whose helpers would otherwise run at the pool's normal priority and
    /// take a core from the renders visitors wait for.
    public static func keepToThisThread() {
        pthread_setspecific(keptKey, UnsafeRawPointer(bitPattern: 1))
    }

    /// True on a thread marked by `keepToThisThread`.
    static var isKeptToThisThread: Bool { pthread_getspecific(keptKey) != nil }

    /// The thread-specific key behind `keepToThisThread` (made once, never deleted).
    private static let keptKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Threads one render works on: the cores online, at most two. Two halve a cold
    /// render's time; more would multiply each render's working memory (a compressor and
    /// a frame's buffers per thread, which the cost model counts for two) while the
    /// service's other render threads keep the remaining cores busy.
    ///
    /// One in the fuzz build (`make fuzz` compiles with FUZZING): Dispatch's workers keep
    /// their continuations cached, so every input would end with allocations libFuzzer
    /// takes for a leak and answers with a scan of the whole heap (2.4 times slower). The
    /// threaded path is ThreadSanitizer's (`make sanitize`).
    #if FUZZING
    public static let cores = 1
    #else
    public static let cores = min(2, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    #endif

    /// `body(index, state)` for every index in `0..<count`, each worker taking the next
    /// index as it finishes the last, with its own `state` made by `makeState` (a
    /// compressor, a canvas: what a thread must not share). The first error thrown stops
    /// the others from taking more work and is rethrown.
    public static func map<State, Result: Sendable, Failure: Error>(
        _ count: Int, state makeState: @Sendable () -> State,
        _ body: @Sendable (Int, inout State) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        guard count > 0 else { return [] }
        let workers = workers(for: count)
        let shared = Shared<Result, Failure>(count: count)
        @Sendable func work() {
            do throws(Failure) {
                var state = makeState()
                while let index = shared.next() {
                    shared.store(try body(index, &state), at: index)
                }
            } catch {
                shared.fail(error)
            }
        }
        if workers == 1 {
            work()
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in work() }
        }
        return try shared.results()
    }

    /// The next index to take, the results so far, and the first failure.
    private final class Shared<Result: Sendable, Failure: Error>: Sendable {
        private let count: Int
        private let taken = Atomic<Int>(0)
        private let state: Locked<(results: [Result?], failure: Failure?)>

        init(count: Int) {
            self.count = count
            state = Locked((Array(repeating: nil, count: count), nil))
        }

        func next() -> Int? {
            let index = taken.wrappingAdd(1, ordering: .relaxed).oldValue
            return index < count ? index : nil
        }

        func store(_ result: Result, at index: Int) {
            state.withLock { $0.results[index] = result }
        }

        func fail(_ error: Failure) {
            taken.store(count, ordering: .relaxed)
            state.withLock { if $0.failure == nil { $0.failure = error } }
        }

        func results() throws(Failure) -> [Result] {
            let (results, failure) = state.withLock { ($0.results, $0.failure) }
            if let failure { throw failure }
            return results.map { result in
                guard let result else { preconditionFailure("every index was computed") }
                return result
            }
        }
    }
}
