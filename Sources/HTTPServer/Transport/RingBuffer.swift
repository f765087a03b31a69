/// A first-in first-out queue on a circular array: append, remove at the front and read
/// by position are all O(1) (an `Array`'s `removeFirst` moves every other element, which
/// made a long pipelined backlog quadratic to drain). Grows by doubling; never shrinks
/// below its largest size unless emptied with `removeAll()`.
struct RingBuffer<Element> {
    private var storage: [Element?] = []
    private var head = 0
    /// Elements held.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The oldest element.
    var first: Element? { count == 0 ? nil : storage[head] }

    /// The newest element.
    var last: Element? { count == 0 ? nil : storage[(head + count - 1) % storage.count] }

    /// Adds `element` at the back.
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    /// Removes and returns the oldest element.
    @discardableResult
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        if count == 0 { head = 0 }
        return element
    }

    /// The element `offset` places from the front (0 is `first`).
    subscript(offset: Int) -> Element {
        get {
            precondition(offset >= 0 && offset < count, "ring buffer offset out of range")
            // Non-nil by construction: every slot in head ..< head + count is filled.
            return storage[(head + offset) % storage.count].unsafelyUnwrapped
        }
        set {
            precondition(offset >= 0 && offset < count, "ring buffer offset out of range")
            storage[(head + offset) % storage.count] = newValue
        }
    }

    /// Calls `body` with the front element, to change it in place.
    mutating func modifyFirst<Result>(_ body: (inout Element) -> Result) -> Result? {
        guard count > 0 else { return nil }
        var element = storage[head].unsafelyUnwrapped
        storage[head] = nil  // keeps `element` uniquely referenced while `body` changes it
        defer { storage[head] = element }
        return body(&element)
    }

    /// Calls `body` with the back element, to change it in place.
    mutating func modifyLast<Result>(_ body: (inout Element) -> Result) -> Result? {
        guard count > 0 else { return nil }
        let index = (head + count - 1) % storage.count
        var element = storage[index].unsafelyUnwrapped
        storage[index] = nil
        defer { storage[index] = element }
        return body(&element)
    }

    /// Keeps only the elements `keep` accepts, in their order, in place (no storage made).
    mutating func keepOnly(_ keep: (Element) -> Bool) {
        for _ in 0 ..< count {
            guard let element = popFirst() else { break }
            if keep(element) { append(element) }
        }
    }

    /// Empties the queue and releases its storage.
    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    private mutating func grow() {
        var larger = [Element?](repeating: nil, count: max(4, storage.count * 2))
        for offset in 0 ..< count { larger[offset] = storage[(head + offset) % storage.count] }
        storage = larger
        head = 0
    }
}
