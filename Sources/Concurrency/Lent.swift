/// An object reached without counting a reference: what the event loops write cached
/// answers from, the connection an event is handled for, a context handed through C.
///
/// A `Lent` never keeps its object alive; whoever made it promises that the object
/// outlives every use. The promise has one of three forms, and each lender says which:
/// - an owner holds it (the server its responder, a connection table its connections,
///   a GIF encoder its sink) longer than anyone borrows it;
/// - a grace period holds it: a value taken out of a shared structure waits in
///   `Retirements` until every reader of its `GracePeriods` has held nothing since;
/// - a `Retained` reference, made and let go by hand, holds it (`Retained`).
///
/// This file is the only one that spells `Unmanaged`: every uncounted reference in the
/// code is one of these two types, so a reader looking for them looks here. Every member
/// is inlined always: a cached answer passes through several, in code generic over the
/// responder, and each one left as a call costs instructions on every answer.
@frozen
public struct Lent<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// Lends `object`, which the caller keeps alive while it is borrowed.
    @inlinable @inline(__always)
    public init(_ object: Object) {
        unmanaged = Unmanaged.passUnretained(object)
    }

    @inlinable @inline(__always)
    init(unmanaged: Unmanaged<Object>) {
        self.unmanaged = unmanaged
    }

    /// `body` on the object, borrowed: no reference is counted, and the compiler may rely
    /// on the object staying alive throughout (the lender's promise).
    @inlinable @inline(__always)
    public func borrow<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The object with a reference of the caller's own (one retain), for keeping it past
    /// the lender's promise.
    @inlinable @inline(__always)
    public var counted: Object { unmanaged.takeUnretainedValue() }

    /// The object's address, for C's `void *` contexts (see `init(opaque:)`) and
    /// ThreadSanitizer's annotations.
    @inlinable @inline(__always)
    public var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

    /// The object whose `opaque` address C handed back.
    @inlinable @inline(__always)
    public init(opaque: UnsafeRawPointer) {
        unmanaged = Unmanaged.fromOpaque(opaque)
    }

    /// True when both lend the same object.
    @inlinable @inline(__always)
    public static func === (left: Lent, right: Lent) -> Bool {
        left.unmanaged.toOpaque() == right.unmanaged.toOpaque()
    }
}

extension Lent: Sendable where Object: Sendable {}

/// A reference counted by hand: made with one retain, let go with `release()` or
/// `take()`, exactly once. For owners that lend what they hold (a connection table's
/// slots) and for handing an object through C to another thread (`DetachedThread`).
@frozen
public struct Retained<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// Retains `object` until `release()` or `take()`.
    @inlinable @inline(__always)
    public init(_ object: Object) {
        unmanaged = Unmanaged.passRetained(object)
    }

    /// The retained object whose `opaque` address C handed back.
    @inlinable @inline(__always)
    public init(opaque: UnsafeRawPointer) {
        unmanaged = Unmanaged.fromOpaque(opaque)
    }

    /// The object, lent for as long as this reference is held.
    @inlinable @inline(__always)
    public var lent: Lent<Object> { Lent(unmanaged: unmanaged) }

    /// The address to hand to C (`init(opaque:)` on the other side).
    @inlinable @inline(__always)
    public var opaque: UnsafeMutableRawPointer { unmanaged.toOpaque() }

    /// Lets go of the reference.
    @inlinable @inline(__always)
    public func release() {
        unmanaged.release()
    }

    /// Ends the reference and returns the object, counted by the caller from now on.
    @inlinable @inline(__always)
    public func take() -> Object {
        unmanaged.takeRetainedValue()
    }
}

extension Retained: Sendable where Object: Sendable {}
