// What a test collects from callbacks and workers (responses, statuses, exit codes) sits
// in the service's own `Locked`, so ThreadSanitizer sees its turns as it sees the code's.
import Concurrency

extension Locked where Value: Sendable {
    /// The value now.
    public var value: Value { withLock { $0 } }

    /// Replaces the value.
    public func set(_ value: Value) {
        withLock { $0 = value }
    }

    /// Changes the value in place.
    public func update(_ change: (inout Value) -> Void) {
        withLock { change(&$0) }
    }
}
