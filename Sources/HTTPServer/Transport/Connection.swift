#if canImport(Glibc)
import Glibc
#endif
import Concurrency

/// One client connection, owned by one reactor (one thread): its unparsed bytes, the
/// requests being answered (in arrival order, so pipelining works), the bytes waiting to
/// go out, and its `ConnectionStateMachine`, which decides everything else. This type
/// does the I/O the machine asks for.
///
/// Memory it may hold (the bounds the machine enforces): `inputLimit` unparsed bytes;
/// `maxPipelinedRequests` requests in flight; output up to `outputHighWater` plus the
/// answers to what was parsed before it was reached (heads and bodies up to
/// `OutputQueue.copyLimit` are copied, larger bodies are shared with the cache).
final class Connection {
    /// What the reactor should know about a connection, and how it got in.
    enum Admission {
        /// Counted against the connection limits.
        case served
        /// Accepted only to be refused with a 503 (counted against the refusal slots).
        case refused
    }

    /// A request in flight: what its response needs to know, and the response once made.
    private struct InFlight {
        /// What the access log says of the request: copied only when answers are logged.
        let asked: AccessLogRequest?
        let version: HTTPVersion
        let isHead: Bool
        let wantsKeepAlive: Bool
        let started: Int64
        var response: HTTPResponse?
        var pending: PendingResponse?
    }

    /// What a read found.
    enum Received {
        /// Bytes came (and were parsed or thrown away).
        case bytes
        /// Nothing to read now.
        case nothing
        /// The peer closed its side.
        case ended
        /// The socket failed.
        case failed
    }

    let descriptor: Int32
    let identifier: UInt64
    let client: ClientAddress
    let admission: Admission
    private(set) var state: ConnectionStateMachine
    /// The epoll events the reactor last registered for this connection.
    var interest: UInt32 = 0
    /// True once the descriptor is in the reactor's epoll set.
    var registered = false
    /// The state's epoch when the reactor last noted it as a candidate for eviction.
    var notedEpoch = -1

    private var input: [UInt8] = []
    /// True when `input` holds the beginning of a request and nothing more can be parsed
    /// until more bytes come.
    private var inputIncomplete = false
    private var inFlight = RingBuffer<InFlight>()
    /// The sequence number of `inFlight.first`.
    private var firstSequence: UInt64 = 0
    private var output = OutputQueue()

    init(descriptor: Int32, identifier: UInt64, client: ClientAddress, admission: Admission, state: ConnectionStateMachine) {
        self.descriptor = descriptor
        self.identifier = identifier
        self.client = client
        self.admission = admission
        self.state = state
    }

    /// True when buffered bytes may hold a request that could be parsed now.
    var hasParseableInput: Bool { !input.isEmpty && !inputIncomplete && state.canParse }

    // MARK: Reading

    /// Reads once into `scratch` and parses what came (or throws it away when the
    /// connection takes no more requests); `owner` answers each request.
    func receive(into scratch: UnsafeMutableBufferPointer<UInt8>, now: Int64, owner: some ConnectionOwner) -> Received {
        let room = state.takesRequests ? min(scratch.count, state.limits.inputLimit - input.count) : scratch.count
        guard room > 0 else { return .nothing }
        let count: Int
        do {
            guard let read = try Socket.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(scratch)[0 ..< room]))
            else { return .nothing }
            count = read
        } catch {
            return .failed
        }
        guard count > 0 else { return .ended }
        guard state.takesRequests else { return .bytes }  // lingering: thrown away
        inputIncomplete = false
        if input.isEmpty {
            // The common case: whole requests in one read, parsed where they landed.
            let consumed = parse(UnsafeBufferPointer(rebasing: scratch[0 ..< count]), now: now, owner: owner)
            if consumed < count && state.takesRequests { keepInput(UnsafeBufferPointer(rebasing: scratch[consumed ..< count])) }
        } else {
            keepInput(UnsafeBufferPointer(rebasing: scratch[0 ..< count]))
            parseBuffered(now: now, owner: owner)
        }
        if !state.takesRequests { releaseInput() }
        state.inputBuffered(input.count, at: now)
        return .bytes
    }

    /// Parses requests already buffered, as far as the bounds allow.
    func parseBuffered(now: Int64, owner: some ConnectionOwner) {
        guard hasParseableInput else { return }
        // A copy of the array (not a pointer into it): answering may release the input.
        let buffered = input
        let consumed = buffered.withUnsafeBufferPointer { parse($0, now: now, owner: owner) }
        if consumed >= input.count || !state.takesRequests {
            releaseInput()
        } else if consumed > 0 {
            var buffered = input.take()
            buffered.removeFirst(consumed)
            input = buffered
        }
        state.inputBuffered(input.count, at: now)
    }

    /// Parses and dispatches the requests at the front of `bytes` while the state allows;
    /// returns how many bytes they took.
    private func parse(_ buffer: UnsafeBufferPointer<UInt8>, now: Int64, owner: some ConnectionOwner) -> Int {
        var consumed = 0
        while state.canParse && consumed < buffer.count {
            let rest = UnsafeBufferPointer(rebasing: buffer[consumed...])
            switch HTTPRequestParser.scan(rest, limits: owner.parserLimits) {
            case .incomplete:
                inputIncomplete = true
                return consumed
            case .head(let head):
                consumed += head.consumed
                // Nothing waits before it and its answer was prepared ahead: out at once,
                // no request made.
                if inFlight.isEmpty, head.isGet || head.isHead, head.targetIsOriginForm,
                   let lent = owner.preparedAnswer(head, in: rest) {
                    let last = consumed == buffer.count
                    lent.borrow { sendPrepared($0, head: head, in: rest, last: last, now: now, owner: owner) }
                    continue
                }
                dispatch(HTTPRequestParser.request(from: head, in: rest), asked: owner.logsAnswers ? AccessLogRequest(head, in: rest) : nil,
                         now: now, owner: owner)
            case .failure(let error):
                refuse(HTTPResponse.text(error.status, error.reason), now: now, owner: owner)
                return buffer.count
            }
        }
        return consumed
    }

    /// Hands `request` to the owner and queues its answer once it and every earlier one
    /// are ready.
    private func dispatch(_ request: HTTPRequest, asked: AccessLogRequest?, now: Int64, owner: some ConnectionOwner) {
        var request = request
        request.client = client
        let trusted = owner.trustedProxies
        request.origin = trusted.isEmpty || !trusted.contains(client) ? .address(client)
            : trusted.origin(peer: client, forwardedFor: request.headers.joinedValues(.xForwardedFor))
        let sequence = firstSequence + UInt64(inFlight.count)
        let keepAlive = request.wantsKeepAlive
        state.requestParsed(keepAlive: keepAlive)
        var waiting = inFlight.take()
        waiting.append(InFlight(asked: asked, version: request.version,
                                isHead: request.isHead, wantsKeepAlive: keepAlive, started: now))
        inFlight = waiting
        let answer = owner.answer(request, sequence: sequence, of: self)
        waiting = inFlight.take()
        switch answer {
        case .now(let response): waiting[waiting.count - 1].response = response
        case .later(let pending): waiting[waiting.count - 1].pending = pending
        }
        inFlight = waiting
        // Queued at once, so the output bound is checked before the next request.
        queueReadyAnswers(now: now, owner: owner)
    }

    /// Answers the request `head` (nothing in flight before it) with a prepared response.
    /// When it is the `last` request read and nothing waits to go out, it is written at
    /// once (the hot path of a cached answer: nothing queued, no reference kept);
    /// otherwise it is queued, so that pipelined answers leave together.
    private func sendPrepared(_ response: HTTPPreparedResponse, head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>, last: Bool,
                              now: Int64, owner: some ConnectionOwner) {
        let wantsKeepAlive = head.wantsKeepAlive
        state.requestParsed(keepAlive: wantsKeepAlive)
        firstSequence += 1
        send(response, version: head.version, isHead: head.isHead, wantsKeepAlive: wantsKeepAlive, atOnce: last && output.isEmpty,
             waited: 0, owner: owner, now: now) { log in
            AccessLogRequest.View.borrowing(head, in: bytes, log)
        }
    }

    /// Buffers `bytes` after the input kept (out of place: `TakenOut`).
    private func keepInput(_ bytes: UnsafeBufferPointer<UInt8>) {
        var buffered = input.take()
        buffered.append(contentsOf: bytes)
        input = buffered
    }

    private func releaseInput() {
        input = []
        inputIncomplete = false
    }

    // MARK: Answering

    /// The answer to request `sequence` arrived (from another thread, through the loop).
    func complete(_ sequence: UInt64, with response: HTTPResponse, now: Int64, owner: some ConnectionOwner) {
        guard sequence >= firstSequence, sequence - firstSequence < UInt64(inFlight.count) else { return }
        let offset = Int(sequence - firstSequence)
        var waiting = inFlight.take()
        waiting[offset].response = response
        waiting[offset].pending = nil
        inFlight = waiting
        queueReadyAnswers(now: now, owner: owner)
    }

    /// Answers without a request of the client's (a parse error, a timeout, a refusal),
    /// after whatever is in flight; the connection then finishes.
    func refuse(_ response: HTTPResponse, now: Int64, owner: some ConnectionOwner) {
        state.refused()
        releaseInput()
        var waiting = inFlight.take()
        waiting.append(InFlight(asked: .withoutRequest, version: .http11, isHead: false, wantsKeepAlive: false,
                                started: now, response: response))
        inFlight = waiting
        queueReadyAnswers(now: now, owner: owner)
    }

    /// Moves every answer that is ready, in order, into the output queue.
    private func queueReadyAnswers(now: Int64, owner: some ConnectionOwner) {
        while let first = inFlight.first, let response = first.response {
            var waiting = inFlight.take()
            waiting.popFirst()
            inFlight = waiting
            firstSequence += 1
            send(HTTPPreparedResponse(response), version: first.version, isHead: first.isHead, wantsKeepAlive: first.wantsKeepAlive,
                 atOnce: false, waited: now - first.started, owner: owner, now: now) { log in
                (first.asked ?? .withoutRequest).withView(log)
            }
        }
    }

    /// The one path every answer takes (the request's turn has come: nothing before it
    /// waits): its framing decided, its head and body written at once (`atOnce`, with
    /// nothing queued) or queued, and its access-log line. `asked` lends what the log says of
    /// the request (method, target, user agent, forwarded-for, request id), asked for only
    /// when this answer is logged; `waited` is the time from its arrival, in milliseconds.
    /// Inlined into both callers: the hot path of a cached answer pays no call and no
    /// closure for it, and nothing at all for the log at a level that does not write it.
    @inline(__always)
    private func send(_ response: HTTPPreparedResponse, version: HTTPVersion, isHead: Bool, wantsKeepAlive: Bool, atOnce: Bool,
                      waited: Int64, owner: some ConnectionOwner, now: Int64,
                      asked: ((AccessLogRequest.View) -> Void) -> Void) {
        // A kept-alive answer still closes when it is the last the connection will give.
        let framing = HTTPFraming(status: response.status, version: version, isHead: isHead,
                                  keepAlive: wantsKeepAlive && (state.takesRequests || !inFlight.isEmpty))
        let date = owner.date
        if atOnce {
            do {
                let sent = try output.sendAtOnce(response, framing: framing, date: date, to: descriptor)
                state.answerQueued(bytes: sent.bytes)
                state.wrote(sent.written, blocked: sent.blocked, at: now)
            } catch {
                state.abort()  // the reactor closes it, as after a failed flush
            }
        } else {
            let before = output.count
            output.append(writeHead: { HTTPResponseSerializer.writeHead(response, framing: framing, date: date, to: &$0) },
                          body: framing.sendsBody ? response.body : [], file: framing.sendsBody ? response.bodyFile : nil)
            state.answerQueued(bytes: output.count - before)
        }
        if owner.logsAnswer(status: response.status, routine: response.isRoutine) {
            let bytes = framing.sendsBody ? response.bodyLength : 0
            asked { request in
                owner.log(AccessLogRecord(request: request, peer: client, status: response.status, bytes: bytes, milliseconds: waited,
                                          note: response.logNote, routine: response.isRoutine))
            }
        }
    }

    // MARK: Writing

    /// Writes until the queue is empty or the socket is full. False when the socket failed.
    func flush(now: Int64) -> Bool {
        while !output.isEmpty {
            do {
                switch try output.write(to: descriptor) {
                case .blocked:
                    state.wrote(0, blocked: true, at: now)
                    return true
                case .wrote(let bytes, let all):
                    // A short write means the socket's buffer is full: asking again would
                    // only return EAGAIN (epoll reports when there is room).
                    state.wrote(bytes, blocked: !all, at: now)
                    if !all { return true }
                }
            } catch {
                return false
            }
        }
        return true
    }

    // MARK: Closing

    /// Settles the state after a burst of work; shuts writing down when it says so.
    func settle(now: Int64) {
        if state.settle(at: now) == .shutDownWriting { Socket.shutDownWriting(descriptor) }
    }

    /// The peer closed its side.
    func peerClosed() {
        state.peerClosed()
        releaseInput()
    }

    /// The server drains.
    func drain() {
        state.drain()
        releaseInput()
    }

    /// The socket failed or the server takes the connection back.
    func abort() {
        state.abort()
    }

    /// Tells every response still being made that nobody waits for it, and drops what was
    /// queued (the connection is closing).
    func cancelPending() {
        var waiting = inFlight.take()
        while let first = waiting.popFirst() { first.pending?.cancel() }
        output.removeAll()
        input = []
    }
}

/// What a connection needs from the reactor that owns it while it works.
protocol ConnectionOwner: AnyObject {
    /// The parser's limits.
    var parserLimits: HTTPParserLimits { get }
    /// The fronts whose `X-Forwarded-For` names a request's client.
    var trustedProxies: TrustedProxies { get }
    /// The responder's answer to request `sequence` of `connection`.
    func answer(_ request: HTTPRequest, sequence: UInt64, of connection: Connection) -> HTTPAnswer
    /// The responder's prepared answer to the `GET` or `HEAD` in origin form whose head
    /// is `head` in `bytes`, if it has one: lent until the owner's loop next waits.
    func preparedAnswer(_ head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>) -> Lent<HTTPPreparedResponse>?
    /// The `Date` field's value now (an IMF-fixdate's bytes), valid until the next time
    /// it is asked for.
    var date: UnsafeRawBufferPointer { get }
    /// True when any answer may be written to the access log (its request is then kept).
    var logsAnswers: Bool { get }
    /// True when an answer of `status` is written to the access log (`routine`: a probe's
    /// or a scrape's).
    func logsAnswer(status: HTTPStatus, routine: Bool) -> Bool
    /// Writes one access-log line.
    func log(_ record: AccessLogRecord)
}
