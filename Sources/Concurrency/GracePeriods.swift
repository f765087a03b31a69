#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Quiescent-state-based reclamation (the Linux kernel's RCU, in its simplest form): lets
/// reading threads use shared objects without counting references, by keeping each
/// object a writer takes out of a shared structure alive until every reader has passed
/// a point where it holds none of them.
///
/// - A reading thread registers once (`register()`) and, at points where it holds no
///   borrowed object, says so: `offline()` before it blocks (while it waits it borrows
///   nothing), `online()` after. Each is one atomic store, per turn of its loop, not per
///   object read.
/// - A writer that unlinks an object (with the structure's lock held, so that no reader
///   can find it any more) calls `begin()` for the grace period it must wait, and keeps
///   the object until `elapsed()` has reached that period; then no reader can still
///   hold it. The check does not block, so the writer lets objects go at a later change
///   of its own.
///
/// Written here rather than taken from liburcu (Debian's liburcu-dev): its QSBR flavour's
/// `synchronize_rcu` blocks the writer until the readers pass (here the writer is a cache
/// change on an event loop or a render thread), and its `call_rcu` runs a thread of its
/// own; what the cache needs is this non-blocking check, a few atomic loads and stores.
public final class GracePeriods: Sendable {
    /// One reading thread's announcements: the grace period it last saw while holding
    /// nothing borrowed, or `offline`.
    public final class Reader: Sendable {
        fileprivate let announced = Atomic<UInt64>(GracePeriods.offline)
        fileprivate let periods: GracePeriods

        fileprivate init(_ periods: GracePeriods) {
            self.periods = periods
        }

        /// Holds nothing borrowed and will not until `online()` (call it before blocking).
        public func offline() {
            announced.store(GracePeriods.offline, ordering: .sequentiallyConsistent)
        }

        /// May borrow from now on; every period begun before this call has elapsed for
        /// this reader (it held nothing across it).
        public func online() {
            announced.store(periods.current.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
        }
    }

    /// What a reader announces while it holds nothing.
    fileprivate static var offline: UInt64 { .max }

    /// The latest period begun; the first is 1, so that a reader online from the start
    /// (announcing 0 or more) has not passed any.
    fileprivate let current = Atomic<UInt64>(0)
    private let readers = Locked<[Reader]>([])

    public init() {}

    #if KNOWN_BAD_CONTROLS
    /// `SPINNERD_KNOWN_BAD=grace-periods` in the environment: `elapsed()` lies (above).
    static let knownBadControl = getenv("SPINNERD_KNOWN_BAD").map { String(cString: $0) == "grace-periods" } ?? false
    #endif

    /// A new reading thread's handle, offline until it calls `online()`.
    public func register() -> Reader {
        let reader = Reader(self)
        readers.withLock { $0.append(reader) }
        return reader
    }

    /// The thread reading through `reader` stops reading for good.
    public func unregister(_ reader: Reader) {
        reader.offline()
        readers.withLock { $0.removeAll { $0 === reader } }
    }

    /// Begins the grace period an object unlinked just now must wait: returns its number.
    /// Call it after the object can no longer be found.
    public func begin() -> UInt64 {
        current.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// The latest period every reader has passed: objects retired under it or an earlier
    /// one are held by no reader. With no reader registered, every period begun so far.
    public func elapsed() -> UInt64 {
        let begun = current.load(ordering: .sequentiallyConsistent)
        #if KNOWN_BAD_CONTROLS
        // The lending stress's known-bad control (scripts/sanitize.sh address-lending-control):
        // every period counts as passed at once, so a value is freed while a reader may
        // still hold it. Compiled only into the AddressSanitizer build, on only when asked.
        if Self.knownBadControl { return begun }
        #endif
        return readers.withLock { readers in
            readers.reduce(begun) { passed, reader in
                let announced = reader.announced.load(ordering: .sequentiallyConsistent)
                return announced == GracePeriods.offline ? passed : min(passed, announced)
            }
        }
    }
}
