#if canImport(Glibc)
import Glibc
#endif
import Concurrency

/// The loop body of one event loop, living only on the loop's thread: its listener, its
/// connections, and the epoll set that drives them (swift-nio's `SelectableEventLoop`).
/// Other threads reach it only through `EventLoop.execute`.
///
/// Each turn waits for events, then for every ready socket does one read (at most 64 KiB,
/// so no client can hog the loop) and lets the connection's state machine say what comes
/// next; tasks from other threads (finished renders, the drain) run between turns.
final class Reactor {
    /// Whether the loop takes new connections.
    enum Accepting {
        case yes
        /// Paused until then (the system refused descriptors or memory).
        case pausedUntil(Int64)
        /// Draining or stopped: the listener is closed.
        case no
    }

    /// A connection noted as one the server could take back, and when.
    struct EvictionNote {
        let descriptor: Int32
        let identifier: UInt64
        let epoch: Int
    }

    let loop: EventLoop
    let context: ServerContext
    /// `context.preparedLookup`, held here to be called without counting a reference.
    private let preparedLookup: PreparedLookup
    let limits: ConnectionStateMachine.Limits
    var listener: Int32?
    var accepting = Accepting.yes
    var connections = ConnectionTable()
    /// Candidates for eviction by rank (lingering, idle, slow to send a head), oldest
    /// first; entries go stale when their connection changes phase and are skipped.
    var evictable = [RingBuffer<EvictionNote>](repeating: RingBuffer(), count: 3)
    /// Connections with parseable input left when their turn ended.
    private var unfinished: [(descriptor: Int32, identifier: UInt64)] = []
    /// Where every read lands (64 KiB), the loop's own memory: parsed in place.
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
    var nextIdentifier: UInt64 = 0
    private var drainDeadline: Int64?
    private var lastTick: Int64 = 0
    /// The `Date` field's value, formatted once a second into memory of the loop's own
    /// (an IMF-fixdate is 29 bytes), so that answers borrow it and count no reference.
    private let dateBytes = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 64)
    private var dateLength = 0
    private var dateSecond = -1
    /// The access log's lines of this turn, in the loop's own memory (64 KiB; none without
    /// an access log), written out at the end of the turn or when it fills.
    private var logLines: LogBuffer
    private var logClock = LogClock()

    static let listenerKey: UInt64 = .max
    private static let wakeKey: UInt64 = .max - 1
    /// How often deadlines are checked, in milliseconds.
    private static let tickInterval: Int64 = 250
    /// Connections accepted per listener event at most, so accepting cannot starve the rest.
    static let acceptBurst = 64
    /// How long accepting pauses after the system refused descriptors or memory (ms).
    static let acceptPause: Int64 = 500
    /// Parse-and-write rounds one connection gets per turn.
    private static let roundsPerTurn = 8

    init(loop: EventLoop, context: ServerContext, listener: Int32) {
        self.loop = loop
        self.context = context
        self.preparedLookup = context.preparedLookup
        self.limits = context.configuration.connectionLimits
        self.listener = listener
        logLines = LogBuffer(UnsafeMutableRawBufferPointer.allocate(byteCount: context.accessLog == nil ? 0 : 64 * 1024, alignment: 1))
    }

    deinit {
        logLines.storage.deallocate()
        dateBytes.deallocate()
        scratch.deallocate()
    }

    /// Runs the loop until a drain has closed every connection.
    func run() {
        do {
            try loop.epoll.add(loop.wake, events: Epoll.readable, key: Self.wakeKey)
            if let listener { try loop.epoll.add(listener, events: Epoll.readable, key: Self.listenerKey) }
        } catch {
            context.log("event loop cannot start: \(error)")
            return finish()
        }
        // Memory of the loop's own (not arrays), so that waiting counts no reference.
        let keys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 256)
        let masks = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
        defer {
            keys.deallocate()
            masks.deallocate()
        }
        let clock = context.clock
        lastTick = clock.milliseconds()
        // Between turns the loop holds nothing lent (cached answers, connections), so it is
        // offline for the responder's grace periods while it waits.
        let reader = context.gracePeriods.register()
        defer { context.gracePeriods.unregister(reader) }
        while true {
            let timeout = unfinished.isEmpty ? Int32(Self.tickInterval) : 0
            reader.offline()
            let count = loop.epoll.wait(keys: keys, masks: masks, timeout: timeout)
            reader.online()
            let now = clock.milliseconds()
            for index in 0 ..< count {
                switch keys[index] {
                case Self.listenerKey: acceptPending(now: now)
                case Self.wakeKey: for task in loop.takeTasks() { task(self) }
                default: handle(Int32(truncatingIfNeeded: keys[index]), events: masks[index], now: now)
                }
            }
            resumeUnfinished(now: now)
            if now - lastTick >= Self.tickInterval {
                lastTick = now
                tick(now: now)
            }
            releaseRemovedConnections()
            // The turn's access-log lines, in one write (a few, under load).
            logLines.flush(to: context.accessLogDescriptor)
            if let drainDeadline, connections.isEmpty || now >= drainDeadline { break }
        }
        finish()
    }

    // MARK: Connections

    func open(_ connection: Connection, now: Int64) {
        nextIdentifier += 1
        var table = connections.take()
        table.insert(connection)
        connections = table
        service(connection, now: now)
    }

    /// Handles the events on `descriptor`'s connection, lent by the table (no reference
    /// counted; it outlives its closing until the turn ends).
    private func handle(_ descriptor: Int32, events: UInt32, now: Int64) {
        guard let lent = connections.lent(descriptor) else { return }
        lent.borrow { handle($0, events: events, now: now) }
    }

    private func handle(_ connection: Connection, events: UInt32, now: Int64) {
        if events & (Epoll.hungUp | Epoll.failed) != 0 {
            // Both directions are gone (or the socket failed): nothing can be delivered.
            connection.abort()
            return closeConnection(connection)
        }
        if events & Epoll.readable != 0 && connection.state.wantsRead {
            switch connection.receive(into: scratch, now: now, owner: self) {
            case .bytes, .nothing: break
            case .ended: connection.peerClosed()
            case .failed: connection.abort()
            }
        } else if events & Epoll.peerHungUp != 0 {
            // Not being read (backpressure), yet its client has closed its side.
            connection.peerClosed()
        }
        service(connection, now: now)
    }

    /// Lets `connection` make what progress it can: parse what the bounds allow, write,
    /// settle its state, then tell epoll what it now waits for.
    func service(_ connection: Connection, now: Int64) {
        var rounds = 0
        while connection.state.phase != .closed {
            guard connection.flush(now: now) else {
                connection.abort()
                break
            }
            rounds += 1
            guard connection.hasParseableInput else { break }
            guard rounds < Self.roundsPerTurn else {
                var waiting = unfinished.take()
                waiting.append((connection.descriptor, connection.identifier))
                unfinished = waiting
                break
            }
            connection.parseBuffered(now: now, owner: self)
        }
        connection.settle(now: now)
        guard connection.state.phase != .closed else { return closeConnection(connection) }
        var interest: UInt32 = 0
        if connection.state.wantsRead { interest |= Epoll.readable }
        if connection.state.watchesHangUp { interest |= Epoll.peerHungUp }
        if connection.state.wantsWrite { interest |= Epoll.writable }
        if interest != connection.interest {
            do {
                if connection.registered {
                    try loop.epoll.modify(connection.descriptor, events: interest, key: UInt64(connection.descriptor))
                } else {
                    try loop.epoll.add(connection.descriptor, events: interest, key: UInt64(connection.descriptor))
                    connection.registered = true
                }
                connection.interest = interest
            } catch {
                context.problems.report("cannot watch a connection: \(error)", at: now)
                connection.abort()
                return closeConnection(connection)
            }
        }
        noteEvictable(connection)
    }

    private func resumeUnfinished(now: Int64) {
        guard !unfinished.isEmpty else { return }
        let waiting = unfinished
        unfinished = []
        for (descriptor, identifier) in waiting {
            guard let connection = connections[descriptor], connection.identifier == identifier else { continue }
            connection.parseBuffered(now: now, owner: self)
            service(connection, now: now)
        }
    }

    /// An answer made on another thread, brought here by `EventLoop.execute`.
    func deliver(_ response: HTTPResponse, to descriptor: Int32, identifier: UInt64, sequence: UInt64) {
        guard let connection = connections[descriptor], connection.identifier == identifier else { return }  // client gone
        let now = context.clock.milliseconds()
        connection.complete(sequence, with: response, now: now, owner: self)
        service(connection, now: now)
    }

    private func tick(now: Int64) {
        resumeAcceptingIfDue(now: now)
        if listener != nil { context.acceptGate.replenish() }  // the spare, if it could not be reopened
        context.problems.flushIfDue(at: now)
        // Lent, in descriptor order: closing one here is safe (it lives until the turn
        // ends), and the check makes no snapshot nor counts a reference.
        for descriptor in 0 ..< connections.descriptorBound {
            connections.lent(descriptor)?.borrow { checkDeadlines($0, now: now) }
        }
    }

    /// Answers 408 or closes `connection` when one of its deadlines has passed.
    private func checkDeadlines(_ connection: Connection, now: Int64) {
        switch connection.state.due(at: now) {
        case .nothing:
            return
        case .requestTimedOut:
            context.counters.count(\.timedOut)
            connection.refuse(HTTPResponse.text(.requestTimeout, "request not received in time"), now: now, owner: self)
            service(connection, now: now)
        case .close:
            if case .awaitingHead = connection.state.phase { context.counters.count(\.timedOut) }
            connection.abort()
            closeConnection(connection)
        }
    }

    func closeConnection(_ connection: Connection) {
        var table = connections.take()
        let removed = table.remove(connection.descriptor)
        connections = table
        guard removed else { return }
        connection.cancelPending()
        // Closing the descriptor also takes it out of the epoll set.
        close(connection.descriptor)
        switch connection.admission {
        case .served: context.admission.release(connection.client)
        case .refused: context.admission.releaseRefusalSlot()
        }
    }

    /// Releases the connections closed this turn (out of place: `TakenOut`).
    private func releaseRemovedConnections() {
        var table = connections.take()
        table.releaseRemoved()
        connections = table
    }

    // MARK: Draining and ending

    /// Stops accepting; idle connections close now, busy ones after their answers.
    func beginDrain() {
        let now = context.clock.milliseconds()
        drainDeadline = now + context.configuration.drainTimeout.wholeMilliseconds
        accepting = .no
        if let listener {
            close(listener)
            self.listener = nil
        }
        for connection in connections.all {
            connection.drain()
            service(connection, now: now)
        }
    }

    private func finish() {
        for connection in connections.all {
            connection.abort()
            closeConnection(connection)
        }
        releaseRemovedConnections()
        logLines.flush(to: context.accessLogDescriptor)
        if let listener { close(listener) }
        listener = nil
        _ = loop.end()  // tasks still queued were deliveries to connections now closed
    }
}

extension Reactor: ConnectionOwner {
    var parserLimits: HTTPParserLimits { context.configuration.limits }

    var trustedProxies: TrustedProxies { context.configuration.trustedProxies }

    func answer(_ request: HTTPRequest, sequence: UInt64, of connection: Connection) -> HTTPAnswer {
        let answer = context.responder.respond(to: request)
        if case .later(let pending) = answer {
            let loop = self.loop, descriptor = connection.descriptor, identifier = connection.identifier
            pending.whenAnswered { response in
                loop.execute { reactor in reactor.deliver(response, to: descriptor, identifier: identifier, sequence: sequence) }
            }
        }
        return answer
    }

    func preparedAnswer(_ head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>) -> Lent<HTTPPreparedResponse>? {
        let raw = UnsafeRawBufferPointer(bytes)
        func part(_ range: Range<Int>?) -> UnsafeRawBufferPointer? { range.map { UnsafeRawBufferPointer(rebasing: raw[$0]) } }
        return preparedLookup(HTTPRequestBytes(
            isHead: head.isHead, target: UnsafeRawBufferPointer(rebasing: raw[head.target]),
            ifNoneMatch: part(head.ifNoneMatch), acceptEncoding: part(head.acceptEncoding)))
    }

    /// The IMF-fixdate for `Date`, formatted once a second into the loop's own memory:
    /// valid until the loop asks again (answers borrow it and count no reference).
    var date: UnsafeRawBufferPointer {
        var seconds = time(nil)
        if Int(seconds) != dateSecond, let base = dateBytes.baseAddress {
            var parts = tm()
            gmtime_r(&seconds, &parts)
            dateLength = strftime(base, dateBytes.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
            dateSecond = Int(seconds)
        }
        return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: dateBytes[0 ..< dateLength]))
    }

    var logsAnswers: Bool { context.accessLog != nil }

    @inline(__always)
    func logsAnswer(status: HTTPStatus, routine: Bool) -> Bool {
        context.accessLog?.logs(status: status, routine: routine) ?? false
    }

    func log(_ record: AccessLogRecord) {
        guard let accessLog = context.accessLog else { return }
        if logLines.room < LogBuffer.lineRoom { logLines.flush(to: context.accessLogDescriptor) }
        accessLog.append(record, clock: &logClock, to: &logLines)
    }
}
