import Concurrency

/// Counts a `StopCheck`'s questions from any thread, for tests that stop an encode at the Nth.
final class Counter: Sendable {
    private let count = Locked(0)

    /// The count before this question.
    func next() -> Int { count.withLock { value in defer { value += 1 }; return value } }
}
