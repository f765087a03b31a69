import Locking

/// A least-recently-used cache bounded by the bytes its values hold (not by their count):
/// adding past the bound evicts the least recently used entries. Thread-safe.
///
/// Entries sit in an array of slots linked into a recency list by slot index, with a
/// dictionary from key to slot: a hit hashes its key once and relinks in O(1).
public final class ByteBoundedLRU<Value: Sendable>: Sendable {
    private struct Slot {
        var key: String
        var value: Value?
        var cost: Int
        /// Slot indices of the neighbours in recency order; `none` at the ends.
        var newer: Int
        var older: Int
    }

    private struct State {
        var index: [String: Int] = [:]
        var slots: [Slot] = []
        /// Slots whose entries were evicted or replaced, for reuse.
        var free: [Int] = []
        var newest = ByteBoundedLRU.none
        var oldest = ByteBoundedLRU.none
        var bytes = 0
        var evictions = 0

        mutating func unlink(_ slot: Int) {
            let (newer, older) = (slots[slot].newer, slots[slot].older)
            if newer == ByteBoundedLRU.none { newest = older } else { slots[newer].older = older }
            if older == ByteBoundedLRU.none { oldest = newer } else { slots[older].newer = newer }
            slots[slot].newer = ByteBoundedLRU.none
            slots[slot].older = ByteBoundedLRU.none
        }

        mutating func linkNewest(_ slot: Int) {
            slots[slot].older = newest
            slots[slot].newer = ByteBoundedLRU.none
            if newest != ByteBoundedLRU.none { slots[newest].newer = slot }
            newest = slot
            if oldest == ByteBoundedLRU.none { oldest = slot }
        }

        /// Removes the entry in `slot` and frees the slot.
        mutating func remove(_ slot: Int) {
            unlink(slot)
            bytes -= slots[slot].cost
            index[slots[slot].key] = nil
            slots[slot] = Slot(key: "", value: nil, cost: 0, newer: ByteBoundedLRU.none, older: ByteBoundedLRU.none)
            free.append(slot)
        }
    }

    private static var none: Int { -1 }

    /// The most bytes the values may hold.
    public let capacity: Int
    private let state = Locked(State())

    /// A cache holding at most `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value for `key`, which becomes the most recently used.
    public func value(for key: String) -> Value? {
        state.withLock { state in
            guard let slot = state.index[key] else { return nil }
            if state.newest != slot {
                state.unlink(slot)
                state.linkNewest(slot)
            }
            return state.slots[slot].value
        }
    }

    /// Stores `value` costing `cost` bytes (replacing any value for `key`) and evicts the
    /// least recently used entries until the total fits. A value larger than the whole
    /// capacity is not kept.
    public func insert(_ value: Value, cost: Int, for key: String) {
        state.withLock { state in
            if let old = state.index[key] { state.remove(old) }
            guard cost <= capacity else { return }
            let entry = Slot(key: key, value: value, cost: cost, newer: Self.none, older: Self.none)
            let slot: Int
            if let reused = state.free.popLast() {
                state.slots[reused] = entry
                slot = reused
            } else {
                state.slots.append(entry)
                slot = state.slots.count - 1
            }
            state.index[key] = slot
            state.bytes += cost
            state.linkNewest(slot)
            while state.bytes > capacity, state.oldest != Self.none {
                state.remove(state.oldest)
                state.evictions += 1
            }
        }
    }

    /// Entries, bytes held and evictions so far.
    public var statistics: (entries: Int, bytes: Int, evictions: Int) {
        state.withLock { ($0.index.count, $0.bytes, $0.evictions) }
    }
}
