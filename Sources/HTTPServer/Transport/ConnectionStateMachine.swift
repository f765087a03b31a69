/// The life of one connection as a pure state machine: events in (bytes arrived, a
/// request parsed, an answer queued, bytes written, the peer closed, the clock ticked),
/// decisions out (read or not, write or not, answer 408, shut down writing, close). No
/// sockets and no clock of its own, so every transition is tested with plain values —
/// hummingbird keeps its channel handler's life in one enum the same way.
///
/// The bounds it enforces (backpressure): a connection is read only while fewer than
/// `maxPipelinedRequests` of its requests are unanswered, less than `outputHighWater`
/// bytes wait to be written and less than `inputLimit` unparsed bytes are buffered.
public struct ConnectionStateMachine: Sendable {
    /// Where the connection is. Times are milliseconds of the injected clock.
    public enum Phase: Equatable, Sendable {
        /// Waiting for a request head since `since` (the accept, or the first byte after
        /// an idle spell); `bytesSeen` once any arrived. Due after `requestTimeout`: 408
        /// if bytes came, else a quiet close (a silent socket).
        case awaitingHead(since: Int64, bytesSeen: Bool)
        /// Requests are being answered or their answers written.
        case responding
        /// Kept alive with nothing to do since `since`; closed after `idleTimeout`, or
        /// earlier when the server needs the room.
        case idle(since: Int64)
        /// Reads no more requests (`Connection: close`, a refused request, a drain, a
        /// refusal at the door): answers what it has, then shuts writing down and lingers
        /// (`lingers`), or simply closes when the peer has already gone.
        case finishing(lingers: Bool)
        /// Writing shut down since `since`: input is read and thrown away until the peer
        /// closes or `lingerTimeout` passes, so the last answer is not lost to a reset.
        case lingering(since: Int64)
        /// Done: the descriptor can be closed.
        case closed
    }

    /// What the timer wants done.
    public enum Due: Equatable, Sendable {
        case nothing
        /// The request head did not arrive in time: answer 408, then finish.
        case requestTimedOut
        /// Close now (silent since accept, idle too long, not reading, lingered enough).
        case close
    }

    /// What settling after a burst of work wants done.
    public enum Settled: Equatable, Sendable {
        case nothing
        /// Every answer is out: shut down writing and linger.
        case shutDownWriting
        /// Every answer is out and the peer is gone: close.
        case close
    }

    /// How patient and how generous a connection is, in milliseconds and bytes. No
    /// defaults of its own: `HTTPServerConfiguration.connectionLimits` makes it from the
    /// server's configuration, where each default is said.
    public struct Limits: Sendable, Equatable {
        /// Time to send a whole request head, from accept or from its first byte.
        public var requestTimeout: Int64
        /// Time a kept-alive connection may sit idle, and a stalled write may wait.
        public var idleTimeout: Int64
        /// Time a closing connection drains input before closing.
        public var lingerTimeout: Int64
        /// Requests answered at once (pipelining depth); beyond, reading stops.
        public var maxPipelinedRequests: Int
        /// Queued output bytes beyond which reading stops.
        public var outputHighWater: Int
        /// Unparsed input bytes held at most (one largest request, `HTTPParserLimits.maxRequestBytes`).
        public var inputLimit: Int

        public init(requestTimeout: Int64, idleTimeout: Int64, lingerTimeout: Int64,
                    maxPipelinedRequests: Int, outputHighWater: Int, inputLimit: Int) {
            self.requestTimeout = requestTimeout
            self.idleTimeout = idleTimeout
            self.lingerTimeout = lingerTimeout
            self.maxPipelinedRequests = maxPipelinedRequests
            self.outputHighWater = outputHighWater
            self.inputLimit = inputLimit
        }
    }

    public let limits: Limits
    public private(set) var phase: Phase
    /// Requests parsed whose answers are not queued yet (being made, or waiting for an
    /// earlier one so they go out in order).
    public private(set) var unanswered = 0
    /// Output bytes queued and not yet written.
    public private(set) var queuedOutput = 0
    /// Unparsed input bytes buffered.
    public private(set) var bufferedInput = 0
    /// Since when a write has been blocked with output waiting (nil: not blocked).
    public private(set) var blockedSince: Int64?
    /// Counts phase changes, so a note taken in one phase can be told stale later.
    public private(set) var epoch = 0

    /// A connection accepted at `now`, waiting for its first request.
    public init(limits: Limits, acceptedAt now: Int64) {
        self.limits = limits
        phase = .awaitingHead(since: now, bytesSeen: false)
    }

    // MARK: Questions

    /// True while requests are read and parsed from this connection at all.
    public var takesRequests: Bool {
        switch phase {
        case .awaitingHead, .responding, .idle: true
        case .finishing, .lingering, .closed: false
        }
    }

    /// True while another buffered request may be parsed and dispatched now.
    public var canParse: Bool {
        takesRequests && unanswered < limits.maxPipelinedRequests && queuedOutput < limits.outputHighWater
    }

    /// True while the socket should be read: requests can be taken and there is room, or
    /// the connection lingers (input is read to be thrown away).
    public var wantsRead: Bool {
        if case .lingering = phase { return true }
        return canParse && bufferedInput < limits.inputLimit
    }

    /// True while the peer closing its side should be noticed: then the connection is
    /// owed nothing more (a paused reader still learns that its client left).
    public var watchesHangUp: Bool {
        switch phase {
        case .awaitingHead, .responding, .idle, .lingering, .finishing(lingers: true): true
        case .finishing(lingers: false), .closed: false
        }
    }

    /// True while the socket should be watched for room to write: a write was blocked.
    public var wantsWrite: Bool { queuedOutput > 0 && blockedSince != nil }

    /// True when nothing is owed to the client: no request unanswered, no byte unwritten.
    public var isQuiet: Bool { unanswered == 0 && queuedOutput == 0 }

    // MARK: Events

    /// Unparsed input now totals `buffered` bytes after a read (or a parse) at `now`.
    public mutating func inputBuffered(_ buffered: Int, at now: Int64) {
        bufferedInput = buffered
        guard buffered > 0 else { return }
        switch phase {
        case .idle: enter(.awaitingHead(since: now, bytesSeen: true))
        case .awaitingHead(let since, false): enter(.awaitingHead(since: since, bytesSeen: true))
        default: break
        }
    }

    /// A complete request was parsed; `keepAlive` false when it is the connection's last.
    public mutating func requestParsed(keepAlive: Bool) {
        precondition(takesRequests, "a request parsed by a connection that takes none")
        unanswered += 1
        enter(keepAlive ? .responding : .finishing(lingers: true))
    }

    /// The server answers without a request of the client's (a parse error, a timeout, a
    /// refusal at the door): one more answer is owed, then the connection finishes.
    public mutating func refused() {
        unanswered += 1
        bufferedInput = 0
        if takesRequests { enter(.finishing(lingers: true)) }
    }

    /// An answer went into the output queue: `bytes` more to write.
    public mutating func answerQueued(bytes: Int) {
        precondition(unanswered > 0, "an answer nobody asked for")
        unanswered -= 1
        queuedOutput += bytes
    }

    /// A write at `now` sent `bytes`; `blocked` when the socket could take no more.
    public mutating func wrote(_ bytes: Int, blocked: Bool, at now: Int64) {
        queuedOutput -= bytes
        if !blocked || queuedOutput == 0 {
            blockedSince = nil
        } else if bytes > 0 || blockedSince == nil {
            blockedSince = now  // progress restarts the wait for a reader
        }
    }

    /// After a burst of work at `now`: when every answer is out, a responding connection
    /// goes idle (or awaits the head already begun), and a finishing one lingers or closes.
    public mutating func settle(at now: Int64) -> Settled {
        guard isQuiet else { return .nothing }
        switch phase {
        case .responding:
            enter(bufferedInput > 0 ? .awaitingHead(since: now, bytesSeen: true) : .idle(since: now))
            return .nothing
        case .finishing(lingers: true):
            enter(.lingering(since: now))
            return .shutDownWriting
        case .finishing(lingers: false):
            enter(.closed)
            return .close
        default:
            return .nothing
        }
    }

    /// The peer closed its side (end of input). Like nginx, a client that leaves while its
    /// answer is still being made has given up on it: close. Answers already queued are
    /// still written (the peer may only have shut down its sending half).
    public mutating func peerClosed() {
        switch phase {
        case .awaitingHead, .idle, .lingering, .closed:
            enter(.closed)
        case .responding, .finishing:
            enter(unanswered > 0 ? .closed : .finishing(lingers: false))
        }
        bufferedInput = 0
    }

    /// The socket failed, or the server takes the connection back (eviction): close.
    public mutating func abort() {
        enter(.closed)
    }

    /// The server drains: idle and waiting connections close, busy ones finish.
    public mutating func drain() {
        switch phase {
        case .awaitingHead, .idle:
            enter(.closed)
        case .responding:
            enter(.finishing(lingers: true))
        case .finishing, .lingering, .closed:
            break
        }
        bufferedInput = 0
    }

    /// What the clock says at `now`.
    public func due(at now: Int64) -> Due {
        switch phase {
        case .awaitingHead(let since, let bytesSeen):
            guard now - since >= limits.requestTimeout else { return .nothing }
            return bytesSeen ? .requestTimedOut : .close
        case .idle(let since):
            return now - since >= limits.idleTimeout ? .close : .nothing
        case .responding, .finishing:
            // A render has its own bound; only a client that stopped reading is timed here.
            guard let blockedSince else { return .nothing }
            return now - blockedSince >= limits.idleTimeout ? .close : .nothing
        case .lingering(let since):
            return now - since >= limits.lingerTimeout ? .close : .nothing
        case .closed:
            return .close
        }
    }

    /// How readily the server may take this connection back when it needs room at `now`
    /// (lower first), or nil when it may not: lingering ones first, then idle ones, then
    /// ones that have waited longer than `grace` for a request head.
    public func evictionRank(at now: Int64, grace: Int64) -> Int? {
        switch phase {
        case .lingering: 0
        case .idle: 1
        case .awaitingHead(let since, _) where now - since >= grace: 2
        default: nil
        }
    }

    private mutating func enter(_ next: Phase) {
        guard next != phase else { return }
        phase = next
        epoch += 1
    }
}
