/// A hash table from colours (32-bit words) to integers: open addressing with linear
/// probing, a multiplicative hash of the word salted once a process.
///
/// Written here rather than taken from Swift's `Dictionary`, which hashes every key with
/// SipHash: safe against keys chosen to collide, but at every run boundary of a large GIF
/// that hashing was a tenth of the render (dots at 128 px @2x). The keys here are colours a
/// render drew, which a URL shapes only through its paints; the salt keeps the probe order
/// unpredictable from outside, and the table stays at most half full. Iteration order is
/// the table's, so callers that need an order sort `entries`.
struct ColorTable {
    /// Occupied slots hold `1 << 32 | key`; 0 is empty.
    private var slots: [UInt64]
    private var values: [Int]
    private var shift: UInt32
    /// How many keys are held.
    private(set) var count = 0

    /// The salt of this process's tables.
    private static let salt = UInt32.random(in: 0 ... .max)

    /// An empty table sized for about `capacity` keys.
    init(capacity: Int = 64) {
        var bits = 4
        while 1 << bits < 2 * max(1, capacity) { bits += 1 }
        slots = [UInt64](repeating: 0, count: 1 << bits)
        values = [Int](repeating: 0, count: 1 << bits)
        shift = UInt32(32 - bits)
    }

    /// The value held for `key`, or nil.
    subscript(key: UInt32) -> Int? {
        let index = find(key)
        return slots[index] == 0 ? nil : values[index]
    }

    /// Adds `amount` to `key`'s value (0 when absent).
    mutating func add(_ amount: Int, to key: UInt32) {
        let index = claim(key)
        values[index] += amount
    }

    /// Sets `key`'s value.
    mutating func set(_ value: Int, for key: UInt32) {
        let index = claim(key)
        values[index] = value
    }

    /// Every key and its value, in the table's order.
    var entries: [(key: UInt32, value: Int)] {
        var entries: [(key: UInt32, value: Int)] = []
        entries.reserveCapacity(count)
        for (slot, value) in zip(slots, values) where slot != 0 { entries.append((UInt32(truncatingIfNeeded: slot), value)) }
        return entries
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) private func find(_ key: UInt32) -> Int {
        let mask = slots.count - 1, tagged = 1 << 32 | UInt64(key)
        var index = Int(((key ^ Self.salt) &* 0x9E37_79B1) >> shift)
        while slots[index] != 0 && slots[index] != tagged { index = (index + 1) & mask }
        return index
    }

    /// The slot holding `key`, added (value 0) when absent; grows past half full.
    private mutating func claim(_ key: UInt32) -> Int {
        var index = find(key)
        guard slots[index] == 0 else { return index }
        if 2 * (count + 1) > slots.count {
            grow()
            index = find(key)
        }
        slots[index] = 1 << 32 | UInt64(key)
        values[index] = 0
        count += 1
        return index
    }

    private mutating func grow() {
        let old = entries
        self = ColorTable(capacity: 2 * slots.count)
        for (key, value) in old { set(value, for: key) }
    }
}
