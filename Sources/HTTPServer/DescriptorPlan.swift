#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// How the process's file descriptors (RLIMIT_NOFILE) are shared out, so that no part
/// can starve another: a few for the process itself, then body files for the cache,
/// lingering refusals, and the rest for connections.
///
/// Of the soft limit `L` (raised to the hard limit at start):
/// - reserved: 3 (standard streams) + 3 per event loop (listener, epoll set, eventfd)
///   + 1 (the spare descriptor the loops share) + 32 (render threads, logs, health checks)
///   + with an admin listener, its loop's 3, its `adminConnections` and its refusal slot;
/// - body files: min(1 024, (L − reserved) / 8) sealed memfds for large cached bodies
///   (more bodies stay on the heap);
/// - refusal slots: min(256, (L − reserved) / 16) refused connections lingering at once;
/// - connections: the rest, at most 16 384 (the memory bound per connection times this
///   is the transport's worst case).
public struct DescriptorPlan: Sendable, Equatable {
    /// The soft descriptor limit the plan shares out.
    public let limit: Int
    /// Descriptors the process keeps for itself.
    public let reserved: Int
    /// Cached bodies that may live in memfds.
    public let bodyFiles: Int
    /// Refused connections that may linger at once.
    public let refusalSlots: Int
    /// Connections served at once: the default `--max-connections`.
    public let connections: Int

    /// Most connections a plan allows by default, whatever the descriptor limit.
    public static let connectionCeiling = 16_384

    /// Connections an admin listener serves at once (probes and scrapers): 16.
    public static let adminConnections = 16

    /// The plan for `limit` descriptors and `eventLoops` loops, and an admin listener of
    /// one loop when `admin`.
    public init(limit: Int, eventLoops: Int, admin: Bool = false) {
        self.limit = limit
        reserved = 3 + 3 * eventLoops + 1 + 32 + (admin ? 3 + Self.adminConnections + 1 : 0)
        let available = max(0, limit - reserved)
        bodyFiles = min(1024, available / 8)
        refusalSlots = max(1, min(256, available / 16))
        connections = max(1, min(Self.connectionCeiling, available - bodyFiles - refusalSlots))
    }

    /// Raises the soft RLIMIT_NOFILE to the hard limit and returns the soft limit now in force.
    public static func raiseDescriptorLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 1024 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        return Int(clamping: limits.rlim_cur)
    }
}

/// A count of descriptors one part of the process may hold at once (the cache's body
/// files), taken and given back as they open and close.
public final class DescriptorQuota: Sendable {
    /// Descriptors that may be held at once.
    public let limit: Int
    private let held = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes one; false when all are held.
    public func take() -> Bool {
        guard held.add(1, ordering: .relaxed).newValue <= limit else {
            held.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Gives one back.
    public func giveBack() {
        held.subtract(1, ordering: .relaxed)
    }

    /// Held now.
    public var inUse: Int { held.load(ordering: .relaxed) }
}
