import Concurrency

/// A least-recently-used cache bounded by the bytes its values hold (not by their count):
/// adding past the bound evicts the least recently used entries. Thread-safe.
///
/// Entries sit in an array of slots linked into a recency list by slot index, with a
/// dictionary from key to slot: a hit hashes its key once and relinks in O(1).
///
/// With `gracePeriods`, a value taken out (evicted or replaced) is kept until every
/// reader has passed a grace period begun after, so that readers may use what
/// `withValue(forAlias:)` shows them without counting a reference (see `GracePeriods`).
/// Such values are let go at the end of a change to the cache (or a lookup by key) once
/// their periods have elapsed.
///
/// An entry may also be found by aliases (other spellings of its key: the request
/// targets that were canonicalised to it), in a dictionary of their own so that no alias
/// can stand for a key. Aliases cost bytes like values, at most `aliasLimit` per entry
/// (the oldest is forgotten), and leave with their entry.
public final class ByteBoundedLRU<Value: Sendable>: Sendable {
    private struct Slot {
        var key: ByteKey
        var value: Value?
        var cost: Int
        /// The aliases leading here, oldest first, with what each costs.
        var aliases: [(key: ByteKey, cost: Int)] = []
        /// Slot indices of the neighbours in recency order; `none` at the ends.
        var newer: Int
        var older: Int
    }

    private struct State {
        var index: [ByteKey: Int] = [:]
        var aliases: [ByteKey: Int] = [:]
        var slots: [Slot] = []
        /// Slots whose entries were evicted or replaced, for reuse.
        var free: [Int] = []
        var newest = ByteBoundedLRU.none
        var oldest = ByteBoundedLRU.none
        var bytes = 0
        var evictions = 0
        /// Values taken out, waiting for their grace periods.
        var retired: Retirements<Value>

        init(gracePeriods: GracePeriods?) {
            retired = Retirements(periods: gracePeriods)
        }

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

        /// Makes `slot` the most recently used and returns it.
        mutating func touch(_ slot: Int) -> Int {
            if newest != slot {
                unlink(slot)
                linkNewest(slot)
            }
            return slot
        }

        /// Removes the entry in `slot` with its aliases and frees the slot.
        mutating func remove(_ slot: Int) {
            unlink(slot)
            bytes -= slots[slot].cost
            index[slots[slot].key] = nil
            for alias in slots[slot].aliases { aliases[alias.key] = nil }
            if let value = slots[slot].value { retired.retire(value) }
            slots[slot] = Slot(key: ByteKey([]), value: nil, cost: 0, newer: ByteBoundedLRU.none, older: ByteBoundedLRU.none)
            free.append(slot)
        }

        /// Evicts the least recently used entries until the bytes fit `capacity`.
        mutating func evict(toFit capacity: Int) {
            while bytes > capacity, oldest != ByteBoundedLRU.none {
                remove(oldest)
                evictions += 1
            }
        }
    }

    private static var none: Int { -1 }

    /// The most aliases one entry keeps (spellings of one URL beyond it are canonicalised
    /// again when they come). Default 16.
    static var aliasLimit: Int { 16 }

    /// The most bytes the values (and aliases) may hold.
    public let capacity: Int
    private let state: Locked<State>

    /// A cache holding at most `capacity` bytes; values taken out wait for
    /// `gracePeriods`, when given.
    public init(capacity: Int, gracePeriods: GracePeriods? = nil) {
        self.capacity = capacity
        self.state = Locked(State(gracePeriods: gracePeriods))
    }

    /// The value for `key`, which becomes the most recently used.
    public func value(for key: String) -> Value? {
        state.withLock { state in
            state.retired.releaseElapsed()
            return state.index[ByteKey(key)].flatMap { state.slots[state.touch($0)].value }
        }
    }

    /// What `body` makes of the value the alias `bytes` leads to (which becomes the most
    /// recently used), with the lock held; nil when no entry has that alias. Copies
    /// neither the bytes nor the value. With grace periods, what the value holds may be
    /// used uncounted after the lock is let go, by a reader, until its next quiescent state.
    func withValue<Result>(forAlias bytes: UnsafeRawBufferPointer, _ body: (borrowing Value) -> Result) -> Result? {
        state.withLock { state -> Result? in
            guard let slot = state.aliases[ByteKey(borrowing: bytes)], let value = state.slots[state.touch(slot)].value else { return nil }
            return body(value)
        }
    }

    /// Lets the entry for `key`, if there is one, also be found by `alias`, costing the
    /// alias's bytes and `overhead` more.
    public func addAlias(_ alias: String, overhead: Int = 64, for key: String) {
        state.withLock { state in
            let aliasKey = ByteKey(alias)
            guard state.aliases[aliasKey] == nil, let slot = state.index[ByteKey(key)] else { return }
            if state.slots[slot].aliases.count >= Self.aliasLimit {
                let forgotten = state.slots[slot].aliases.removeFirst()
                state.aliases[forgotten.key] = nil
                state.slots[slot].cost -= forgotten.cost
                state.bytes -= forgotten.cost
            }
            let cost = aliasKey.count + overhead
            state.aliases[aliasKey] = slot
            state.slots[slot].aliases.append((aliasKey, cost))
            state.slots[slot].cost += cost
            state.bytes += cost
            state.evict(toFit: capacity)
            state.retired.releaseElapsed()
        }
    }

    /// Stores `value` costing `cost` bytes (replacing any value for `key`, and its aliases)
    /// and evicts the least recently used entries until the total fits. A value larger
    /// than the whole capacity is not kept.
    public func insert(_ value: Value, cost: Int, for key: String) {
        insert(value, cost: cost, for: key, unlessKept: { _ in false })
    }

    /// `insert(_:cost:for:)`, unless the value cached for `key` is one that `kept` says
    /// must stay (a final answer is never replaced by a provisional one): then nothing
    /// changes and that value is returned (nil when `value` was stored or was too large).
    @discardableResult
    public func insert(_ value: Value, cost: Int, for key: String, unlessKept kept: (borrowing Value) -> Bool) -> Value? {
        state.withLock { state -> Value? in
            defer { state.retired.releaseElapsed() }
            let key = ByteKey(key)
            if let old = state.index[key] {
                if let existing = state.slots[old].value, kept(existing) { return existing }
                state.remove(old)
            }
            guard cost <= capacity else { return nil }
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
            state.evict(toFit: capacity)
            return nil
        }
    }

    /// Entries, bytes held (values and aliases) and evictions so far.
    public var statistics: (entries: Int, bytes: Int, evictions: Int) {
        state.withLock { ($0.index.count, $0.bytes, $0.evictions) }
    }

    /// Values taken out that still wait for their grace periods.
    var retiredCount: Int { state.withLock { $0.retired.count } }

    /// Aliases held, all entries together.
    var aliasCount: Int { state.withLock { $0.aliases.count } }
}
