#if canImport(Glibc)
import Glibc
#endif

/// How a reactor lets connections in: accepting in bursts, admission against the limits,
/// making room by eviction, refusing with a real 503, and what it does when the process
/// runs out of descriptors (the spare) or the system out of memory (a pause).
extension Reactor {
    func acceptPending(now: Int64) {
        guard case .yes = accepting, let listener else { return }
        for _ in 0 ..< Self.acceptBurst {
            let outcome = context.acceptGate.accept(listener) { descriptor in
                refuseBeyondDescriptors(descriptor, now: now)
            }
            switch outcome {
            case .accepted(let descriptor, let client):
                context.counters.count(\.accepted)
                admit(descriptor, from: client, now: now)
            case .none:
                return
            case .refusedWithSpare:
                continue
            case .failed(let error):
                switch error.code {
                case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                    continue  // that client is gone; the next one may be fine (accept(2))
                default:
                    // Out of descriptors with no spare, or of memory (ENOBUFS, ENOMEM):
                    // pause rather than spin on a level-triggered listener.
                    pauseAccepting(now: now, because: error)
                    return
                }
            }
        }
    }

    func admit(_ descriptor: Int32, from client: ClientAddress, now: Int64) {
        var refusal = context.admission.admit(client)
        if refusal == .full, evictOne(now: now) {
            refusal = context.admission.admit(client)
        }
        if let refusal { return refuse(descriptor, from: client, because: refusal, now: now) }
        // Nagle only delays answers; a socket that refuses the option still works.
        try? Socket.disableNagle(descriptor)
        let state = ConnectionStateMachine(limits: limits, acceptedAt: now)
        open(Connection(descriptor: descriptor, identifier: nextIdentifier, client: client, admission: .served, state: state), now: now)
    }

    /// Answers a newcomer 503 with Retry-After: in a refusal slot, where it lingers so the
    /// answer is not lost to a reset, or, with none free, written and closed at once.
    func refuse(_ descriptor: Int32, from client: ClientAddress, because refusal: Admission.Refusal, now: Int64) {
        let response: HTTPResponse
        switch refusal {
        case .full:
            context.counters.count(\.refusedFull)
            context.problems.report("refused connections: the limit of \(context.admission.maxConnections) is reached", at: now)
            response = HTTPResponse.text(.serviceUnavailable, "too many connections; retry shortly", headers: [(.retryAfter, "1")])
        case .clientLimit:
            context.counters.count(\.refusedClientLimit)
            context.problems.report("refused connections: an address reached its limit of \(context.admission.maxConnectionsPerClient)", at: now)
            response = HTTPResponse.text(.serviceUnavailable, "too many connections from your address; retry shortly", headers: [(.retryAfter, "1")])
        }
        guard context.admission.takeRefusalSlot() else { return refuseAtOnce(descriptor, with: response, now: now) }
        let state = ConnectionStateMachine(limits: limits, acceptedAt: now)
        let connection = Connection(descriptor: descriptor, identifier: nextIdentifier, client: client, admission: .refused, state: state)
        connection.refuse(response, now: now, owner: self)
        open(connection, now: now)
    }

    /// Writes `response`, shuts writing down, reads what the client already sent (so the
    /// close sends no reset for it) and closes: a refusal that holds no descriptor.
    func refuseAtOnce(_ descriptor: Int32, with response: HTTPResponse, now: Int64) {
        var bytes: [UInt8] = []
        let framing = HTTPFraming(status: response.status, version: .http11, isHead: false, keepAlive: false)
        HTTPResponseSerializer.writeHead(HTTPPreparedResponse(response), framing: framing, date: date, to: &bytes)
        if framing.sendsBody { bytes += response.body }
        _ = try? Socket.write(descriptor, bytes, from: 0, then: [], more: false)
        Socket.shutDownWriting(descriptor)
        _ = try? Socket.read(descriptor, into: UnsafeMutableRawBufferPointer(scratch))
        close(descriptor)
    }

    /// Answers 503 to a client accepted in the spare descriptor's place (the process is
    /// out of descriptors) and closes it at once, so the spare can be opened again.
    func refuseBeyondDescriptors(_ descriptor: Int32, now: Int64) {
        context.counters.count(\.accepted)
        context.counters.count(\.refusedNoDescriptor)
        context.problems.report("refused connections: the process is out of file descriptors (RLIMIT_NOFILE)", at: now)
        refuseAtOnce(descriptor, with: HTTPResponse.text(.serviceUnavailable, "too many connections; retry shortly", headers: [(.retryAfter, "1")]), now: now)
    }

    func pauseAccepting(now: Int64, because error: SocketError) {
        guard let listener else { return }
        context.counters.count(\.acceptPauses)
        context.problems.report("\(error); accepting paused for \(Self.acceptPause) ms", at: now)
        do {
            try loop.epoll.modify(listener, events: 0, key: Self.listenerKey)
            accepting = .pausedUntil(now + Self.acceptPause)
        } catch {
            context.log("cannot pause accepting: \(error)")
        }
    }

    func resumeAcceptingIfDue(now: Int64) {
        guard case .pausedUntil(let until) = accepting, now >= until, let listener else { return }
        do {
            try loop.epoll.modify(listener, events: Epoll.readable, key: Self.listenerKey)
            accepting = .yes
        } catch {
            accepting = .pausedUntil(now + Self.acceptPause)
        }
    }

    /// Closes the connection the server can best spare to make room: a lingering one,
    /// else the longest idle, else the one slowest to send its request head (if it has
    /// taken longer than the grace period). False when none may go.
    func evictOne(now: Int64) -> Bool {
        let grace = min(1000, limits.requestTimeout / 2)
        // Out of place (`TakenOut`); closing a connection below does not read the notes.
        var notes = evictable.take()
        defer { evictable = notes }
        for rank in notes.indices {
            while let note = notes[rank].first {
                guard let connection = connections[note.descriptor], connection.identifier == note.identifier,
                      connection.state.epoch == note.epoch, connection.admission == .served else {
                    // Stale (the connection moved on or left), or a refusal, whose closing
                    // would free no room for a connection to be served.
                    notes[rank].popFirst()
                    continue
                }
                guard connection.state.evictionRank(at: now, grace: grace) != nil else { break }  // the oldest is still too young
                notes[rank].popFirst()
                context.counters.count(\.evicted)
                connection.abort()
                closeConnection(connection)
                return true
            }
        }
        return false
    }

    func noteEvictable(_ connection: Connection) {
        let epoch = connection.state.epoch
        guard connection.notedEpoch != epoch else { return }
        connection.notedEpoch = epoch
        let rank: Int
        switch connection.state.phase {
        case .lingering: rank = 0
        case .idle: rank = 1
        case .awaitingHead: rank = 2
        default: return
        }
        var notes = evictable.take()
        notes[rank].append(EvictionNote(descriptor: connection.descriptor, identifier: connection.identifier, epoch: epoch))
        if notes[rank].count > 2 * connections.count + 64 { compactEvictable(&notes[rank]) }
        evictable = notes
    }

    /// Drops stale notes, keeping the order of the rest (amortised O(1) per note; nothing
    /// allocated, no reference counted).
    func compactEvictable(_ notes: inout RingBuffer<EvictionNote>) {
        notes.keepOnly { note in
            guard let lent = connections.lent(note.descriptor) else { return false }
            return lent.borrow { $0.identifier == note.identifier && $0.state.epoch == note.epoch }
        }
    }
}
