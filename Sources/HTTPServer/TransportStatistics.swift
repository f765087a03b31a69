import Concurrency

/// What the transport counts, for `/metrics`.
public struct TransportStatistics: Sendable {
    /// Connections served now.
    public var openConnections = 0
    /// Refused connections lingering now.
    public var lingeringRefusals = 0
    /// Connections accepted since start (served or refused).
    public var accepted = 0
    /// Connections answered 503 because the connection limit was reached.
    public var refusedFull = 0
    /// Connections answered 503 because their address held its limit.
    public var refusedClientLimit = 0
    /// Connections answered 503 through the spare descriptor (the process ran out).
    public var refusedNoDescriptor = 0
    /// Idle, lingering or slow connections closed to make room for new ones.
    public var evicted = 0
    /// Request heads not sent in time (408) or silent sockets closed.
    public var timedOut = 0
    /// Times accepting paused because the system refused descriptors or memory.
    public var acceptPauses = 0

    /// All zero.
    public init() {}
}

/// The transport's counters, shared by the event loops.
final class TransportCounters: Sendable {
    private let counts = Locked(TransportStatistics())

    /// Adds one to `counter`.
    func count(_ counter: WritableKeyPath<TransportStatistics, Int> & Sendable) {
        counts.withLock { $0[keyPath: counter] += 1 }
    }

    /// The counts so far (the gauges in it are left at 0).
    var snapshot: TransportStatistics { counts.withLock { $0 } }
}
