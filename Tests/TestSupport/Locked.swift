import Synchronization

/// A value several threads read and write, behind a lock: what a test collects from
/// callbacks and workers (responses, statuses, exit codes).
public final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    public init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Replaces the value.
    public func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// Changes the value in place.
    public func update(_ change: (inout Value) -> Void) {
        storage.withLock { change(&$0) }
    }
}
