import Synchronization

/// Concurrent requests for the same key share one piece of work: the first starts it,
/// the others wait for its result.
public final class SingleFlight<Result: Sendable>: Sendable {
    private let waiting = Mutex<[String: [@Sendable (Result) -> Void]]>([:])

    public init() {}

    /// Adds `waiter` for `key`; returns true when the caller must start the work (it is the first).
    public func join(_ key: String, waiter: @escaping @Sendable (Result) -> Void) -> Bool {
        waiting.withLock { waiting in
            if waiting[key] != nil {
                waiting[key]?.append(waiter)
                return false
            }
            waiting[key] = [waiter]
            return true
        }
    }

    /// Ends the work for `key`, handing `result` to everyone who waited.
    public func finish(_ key: String, with result: Result) {
        let waiters = waiting.withLock { $0.removeValue(forKey: key) ?? [] }
        for waiter in waiters { waiter(result) }
    }
}
