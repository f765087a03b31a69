/// A value a connection or the reactor keeps in a stored property and changes out of
/// place: `take()` leaves an empty one in the property and hands back the old, and the
/// caller stores it back when done.
///
/// Why: a class's stored property is guarded by an exclusivity check at run time unless
/// the compiler proves that no access to it can overlap another. An access that spans a
/// buffer's growth (a new buffer made, the old one released, which the compiler must assume
/// may run any code) can; with every access to a property no longer than a move, the
/// compiler proves them all alone and checks none — the cached-answer path pays no
/// `swift_beginAccess`, and the checks stay on for everything else. Nothing between
/// `take()` and the store back may reach the property (it would see the empty value): the
/// work done there is the value's own.
protocol TakenOut {
    /// The empty value left behind; makes nothing (no allocation).
    init()
}

extension TakenOut {
    /// The value, leaving an empty one in its place.
    @inline(__always)
    mutating func take() -> Self {
        var taken = Self()
        swap(&self, &taken)
        return taken
    }
}

extension Array: TakenOut {}
extension RingBuffer: TakenOut {}
extension ConnectionTable: TakenOut {}
