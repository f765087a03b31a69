import Concurrency
import Synchronization

/// Who may hold a connection, shared by every event loop: the connection limit, the
/// per-client-address limit, and the few extra descriptors kept for refusing politely.
final class Admission: Sendable {
    /// Why a connection was not admitted.
    enum Refusal: Sendable {
        /// `maxConnections` are open and none could be taken back.
        case full
        /// The client's address holds `maxConnectionsPerClient` already.
        case clientLimit
    }

    /// Connections served at once.
    let maxConnections: Int
    /// Connections one address may hold; 0: no limit.
    let maxConnectionsPerClient: Int
    /// Addresses exempt from `maxConnectionsPerClient` (the trusted fronts).
    let exempt: TrustedProxies
    /// Refused connections that may linger at once (beyond them, refusals close at once).
    let refusalSlots: Int

    private let open = Atomic<Int>(0)
    private let refusing = Atomic<Int>(0)
    private let perClient = Locked<[ClientAddress: Int]>([:])

    init(maxConnections: Int, maxConnectionsPerClient: Int, exempt: TrustedProxies = .none, refusalSlots: Int) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.exempt = exempt
        self.refusalSlots = refusalSlots
    }

    /// Counts a connection from `client` in, or says why not.
    func admit(_ client: ClientAddress) -> Refusal? {
        if limitsClient(client) {
            let allowed = perClient.withLock { counts in
                let held = counts[client, default: 0]
                guard held < maxConnectionsPerClient else { return false }
                counts[client] = held + 1
                return true
            }
            guard allowed else { return .clientLimit }
        }
        guard open.add(1, ordering: .relaxed).newValue <= maxConnections else {
            open.subtract(1, ordering: .relaxed)
            releaseClient(client)
            return .full
        }
        return nil
    }

    /// An admitted connection from `client` closed.
    func release(_ client: ClientAddress) {
        open.subtract(1, ordering: .relaxed)
        releaseClient(client)
    }

    /// Takes one of the refusal slots; false when all are lingering.
    func takeRefusalSlot() -> Bool {
        guard refusing.add(1, ordering: .relaxed).newValue <= refusalSlots else {
            refusing.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// A refused connection closed.
    func releaseRefusalSlot() {
        refusing.subtract(1, ordering: .relaxed)
    }

    /// Connections served now.
    var openConnections: Int { open.load(ordering: .relaxed) }
    /// Refused connections lingering now.
    var lingeringRefusals: Int { refusing.load(ordering: .relaxed) }

    /// True when `client`'s connections are counted against `maxConnectionsPerClient`.
    private func limitsClient(_ client: ClientAddress) -> Bool {
        maxConnectionsPerClient > 0 && (exempt.isEmpty || !exempt.contains(client))
    }

    private func releaseClient(_ client: ClientAddress) {
        guard limitsClient(client) else { return }
        perClient.withLock { counts in
            let held = counts[client, default: 0]
            if held <= 1 { counts.removeValue(forKey: client) } else { counts[client] = held - 1 }
        }
    }
}
