/// An event loop's connections by socket descriptor. Descriptors are small integers the
/// kernel reuses, so they index an array directly: the lookup every event and every
/// response makes costs no hashing.
struct ConnectionTable {
    private var slots: [Connection?] = []
    /// Open connections.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(descriptor: Int32) -> Connection? {
        let index = Int(descriptor)
        return index >= 0 && index < slots.count ? slots[index] : nil
    }

    /// Adds `connection` under its descriptor.
    mutating func insert(_ connection: Connection) {
        let index = Int(connection.descriptor)
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
        if slots[index] == nil { count += 1 }
        slots[index] = connection
    }

    /// Removes the connection on `descriptor`; returns it, or nil if there was none.
    @discardableResult
    mutating func remove(_ descriptor: Int32) -> Connection? {
        guard let connection = self[descriptor] else { return nil }
        slots[Int(descriptor)] = nil
        count -= 1
        return connection
    }

    /// The open connections, in descriptor order (a snapshot: safe to close while iterating).
    var all: [Connection] { slots.compactMap { $0 } }
}
