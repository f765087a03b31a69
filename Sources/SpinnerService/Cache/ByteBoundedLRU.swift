import Synchronization

/// A least-recently-used cache bounded by the bytes its values hold (not by their count):
/// adding past the bound evicts the least recently used entries. Thread-safe.
public final class ByteBoundedLRU<Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var newer: String?
        var older: String?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var newest: String?
        var oldest: String?
        var bytes = 0
        var evictions = 0
    }

    /// The most bytes the values may hold.
    public let capacity: Int
    private let state = Mutex(State())

    /// A cache holding at most `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value for `key`, which becomes the most recently used.
    public func value(for key: String) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            Self.unlink(key, in: &state)
            Self.linkNewest(key, in: &state)
            return entry.value
        }
    }

    /// Stores `value` costing `cost` bytes (replacing any value for `key`) and evicts the
    /// least recently used entries until the total fits. A value larger than the whole
    /// capacity is not kept.
    public func insert(_ value: Value, cost: Int, for key: String) {
        state.withLock { state in
            if let old = state.entries[key] {
                Self.unlink(key, in: &state)
                state.bytes -= old.cost
                state.entries[key] = nil
            }
            guard cost <= capacity else { return }
            state.entries[key] = Entry(value: value, cost: cost)
            state.bytes += cost
            Self.linkNewest(key, in: &state)
            while state.bytes > capacity, let oldest = state.oldest {
                Self.unlink(oldest, in: &state)
                state.bytes -= state.entries[oldest]?.cost ?? 0
                state.entries[oldest] = nil
                state.evictions += 1
            }
        }
    }

    /// Entries, bytes held and evictions so far.
    public var statistics: (entries: Int, bytes: Int, evictions: Int) {
        state.withLock { ($0.entries.count, $0.bytes, $0.evictions) }
    }

    private static func unlink(_ key: String, in state: inout State) {
        guard let entry = state.entries[key] else { return }
        if let newer = entry.newer { state.entries[newer]?.older = entry.older } else { state.newest = entry.older }
        if let older = entry.older { state.entries[older]?.newer = entry.newer } else { state.oldest = entry.newer }
        state.entries[key]?.newer = nil
        state.entries[key]?.older = nil
    }

    private static func linkNewest(_ key: String, in state: inout State) {
        state.entries[key]?.older = state.newest
        state.entries[key]?.newer = nil
        if let newest = state.newest { state.entries[newest]?.newer = key }
        state.newest = key
        if state.oldest == nil { state.oldest = key }
    }
}
