import Concurrency

/// An event loop's connections by socket descriptor. Descriptors are small integers the
/// kernel reuses, so they index an array directly: the lookup every event and every
/// response makes costs no hashing.
///
/// The table owns its connections by hand (`Retained`), so that the loop can lend one
/// to the code handling its event without counting a reference (`lent(_:)`). A connection
/// removed while it is being handled must outlive that handling: removal only moves it
/// to `removed`, and the loop releases those at the end of its turn (`releaseRemoved()`).
struct ConnectionTable {
    private var slots: [Retained<Connection>?] = []
    /// Connections taken out this turn, still owned until `releaseRemoved()`.
    private var removed: [Retained<Connection>] = []
    /// Open connections.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The connection on `descriptor`, lent: valid until the end of the loop's turn (even
    /// if it is removed meanwhile). No reference is counted.
    func lent(_ descriptor: Int32) -> Lent<Connection>? {
        let index = Int(descriptor)
        return index >= 0 && index < slots.count ? slots[index]?.lent : nil
    }

    /// The connection on `descriptor`, with a reference of the caller's own.
    subscript(descriptor: Int32) -> Connection? {
        lent(descriptor)?.counted
    }

    /// Adds `connection` under its descriptor.
    mutating func insert(_ connection: Connection) {
        let index = Int(connection.descriptor)
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
        if let replaced = slots[index] { removed.append(replaced) } else { count += 1 }
        slots[index] = Retained(connection)
    }

    /// Removes the connection on `descriptor` (it stays alive until `releaseRemoved()`);
    /// false if there was none.
    @discardableResult
    mutating func remove(_ descriptor: Int32) -> Bool {
        let index = Int(descriptor)
        guard index >= 0, index < slots.count, let connection = slots[index] else { return false }
        slots[index] = nil
        removed.append(connection)
        count -= 1
        return true
    }

    /// Lets go of the connections removed since the last call (at the end of a turn, when
    /// none is being handled).
    mutating func releaseRemoved() {
        for connection in removed { connection.release() }
        removed.removeAll(keepingCapacity: true)
    }

    /// One past the highest descriptor the table has held: `lent(_:)` of every smaller one
    /// visits every open connection.
    var descriptorBound: Int32 { Int32(slots.count) }

    /// The open connections, in descriptor order (a snapshot: safe to close while iterating).
    var all: [Connection] { slots.compactMap { $0?.lent.counted } }
}
