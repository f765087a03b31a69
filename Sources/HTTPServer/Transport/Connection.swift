#if canImport(Glibc)
import Glibc
#endif

/// One client connection, owned by one event loop thread: its unparsed bytes, the
/// requests being answered (answered in arrival order, so pipelining works), the bytes
/// waiting to go out, and its deadlines.
final class Connection {
    let descriptor: Int32
    let identifier: UInt64

    /// A request in flight: what its response needs to know, and the response once made.
    private struct Slot {
        let sequence: UInt64
        let method: String
        let target: String
        let version: HTTPVersion
        let keepAlive: Bool
        let started: Int64
        var response: HTTPResponse?
    }

    /// A serialized response waiting to be written: head, then body bytes or a body file.
    private struct Outgoing {
        let head: [UInt8]
        let body: [UInt8]
        let file: HTTPBodyFile?
        let closeAfter: Bool

        var total: Int { head.count + (file?.length ?? body.count) }
    }

    private var buffer: [UInt8] = []
    private var slots: [Slot] = []
    private var outgoing: [Outgoing] = []
    private var writeOffset = 0
    private var nextSequence: UInt64 = 0
    private var deadlines: ConnectionDeadlines
    /// False after `Connection: close`, a parse error, or once the server drains.
    private var acceptingRequests = true
    private var peerClosed = false
    private(set) var finished = false
    /// The epoll events the loop last registered for this connection.
    var interest: UInt32 = 0

    /// Bytes a connection may hold unparsed before it stops reading (it resumes as answers go out).
    private static let maxBufferedBytes = 1 << 20

    init(descriptor: Int32, identifier: UInt64, deadlines: ConnectionDeadlines) {
        self.descriptor = descriptor
        self.identifier = identifier
        self.deadlines = deadlines
    }

    /// True while the loop should watch for incoming bytes.
    var wantsRead: Bool { !peerClosed && !finished && buffer.count < Self.maxBufferedBytes }
    /// True while bytes wait to go out.
    var wantsWrite: Bool { !outgoing.isEmpty }

    /// Reads what is available (up to the buffer bound). Returns false when the connection broke.
    func readAvailable(scratch: UnsafeMutableRawBufferPointer) -> Bool {
        while buffer.count < Self.maxBufferedBytes {
            do {
                guard let count = try Socket.read(descriptor, into: scratch) else { return true }
                if count == 0 {
                    peerClosed = true
                    return true
                }
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                // A short read emptied the socket: asking again would only return EAGAIN
                // (epoll is level-triggered, so bytes arriving later are still reported).
                if count < scratch.count { return true }
            } catch {
                return false
            }
        }
        return true
    }

    /// Parses the complete requests in the buffer and hands each to `dispatch` with its sequence number.
    func parseRequests(now: Int64, configuration: HTTPServerConfiguration, dispatch: (HTTPRequest, UInt64) -> Void) {
        var consumed = 0
        while acceptingRequests && slots.count < configuration.maxPipelinedRequests && consumed < buffer.count {
            switch HTTPRequestParser.parse(buffer[consumed...], limits: configuration.limits) {
            case .incomplete:
                deadlines.partialRequest(at: now)
                compact(consumed)
                return
            case .request(let request, let length):
                consumed += length
                let keepAlive = request.wantsKeepAlive
                if !keepAlive { acceptingRequests = false }
                let sequence = nextSequence
                nextSequence += 1
                slots.append(Slot(sequence: sequence, method: request.method, target: request.target, version: request.version,
                                  keepAlive: keepAlive, started: now))
                dispatch(request, sequence)
            case .failure(let error):
                acceptingRequests = false
                consumed = buffer.count
                let sequence = nextSequence
                nextSequence += 1
                slots.append(Slot(sequence: sequence, method: "-", target: "-", version: .http11, keepAlive: false, started: now,
                                  response: HTTPResponse.text(error.status, error.reason)))
            }
        }
        compact(consumed)
        if buffer.isEmpty { deadlines.requestsComplete(at: now) }
    }

    /// Records the response to request `sequence` and queues every response now ready in order.
    func complete(_ sequence: UInt64, with response: HTTPResponse, date: String, now: Int64, log: ((AccessLogEntry) -> Void)?) {
        if let index = slots.firstIndex(where: { $0.sequence == sequence }) { slots[index].response = response }
        queueReadyResponses(date: date, now: now, log: log)
    }

    /// Answers nothing more: the server is draining. Idle connections close at once.
    func stopAccepting() {
        acceptingRequests = false
        buffer.removeAll()
    }

    /// Writes what it can. Returns false when the connection should be closed now.
    func flush(now: Int64) -> Bool {
        while let first = outgoing.first {
            let total = first.total
            do {
                let written: Int?
                if let file = first.file, writeOffset >= first.head.count {
                    var position = writeOffset - first.head.count
                    written = try Socket.sendFile(descriptor, file: file.descriptor, offset: &position, count: total - writeOffset)
                } else {
                    written = try Socket.write(descriptor, head: first.head, body: first.file == nil ? first.body : [], offset: writeOffset,
                                               more: first.file != nil)
                }
                guard let written else {
                    deadlines.wrote(at: now, remaining: true)
                    return true
                }
                writeOffset += written
                deadlines.wrote(at: now, remaining: writeOffset < total)
            } catch {
                return false
            }
            guard writeOffset >= total else { continue }
            writeOffset = 0
            outgoing.removeFirst()
            if first.closeAfter {
                finished = true
                return false
            }
        }
        deadlines.wrote(at: now, remaining: false)
        // Nothing left to say: a closed peer or a drained connection can go.
        return !(outgoing.isEmpty && slots.isEmpty && (peerClosed || (!acceptingRequests && buffer.isEmpty)))
    }

    /// What the deadlines say at `now`: nil to keep going, or a response to send before closing.
    func checkDeadlines(now: Int64, date: String, log: ((AccessLogEntry) -> Void)?) -> Bool {
        switch deadlines.due(at: now, responsesPending: !slots.isEmpty) {
        case .none:
            return true
        case .close:
            return false
        case .requestTimedOut:
            acceptingRequests = false
            buffer.removeAll()
            let sequence = nextSequence
            nextSequence += 1
            slots.append(Slot(sequence: sequence, method: "-", target: "-", version: .http11, keepAlive: false, started: now,
                              response: HTTPResponse.text(408, "request not received in time")))
            queueReadyResponses(date: date, now: now, log: log)
            return true
        }
    }

    /// Serializes, in order, every response that is ready (parse errors have theirs at once).
    func queueReadyResponses(date: String, now: Int64, log: ((AccessLogEntry) -> Void)?) {
        while let slot = slots.first, let response = slot.response {
            slots.removeFirst()
            // A kept-alive response still closes when it is the last the connection will answer.
            let keepAlive = slot.keepAlive && (acceptingRequests || !slots.isEmpty)
            let headOnly = slot.method == "HEAD"
            let head = HTTPResponseSerializer.head(response, version: slot.version, keepAlive: keepAlive, date: date)
            let sendsBody = HTTPResponseSerializer.sendsBody(response, headOnly: headOnly)
            outgoing.append(Outgoing(head: head, body: sendsBody ? response.body : [], file: sendsBody ? response.bodyFile : nil,
                                     closeAfter: !keepAlive))
            log?(AccessLogEntry(method: slot.method, target: slot.target, status: response.status,
                                bytes: sendsBody ? response.bodyLength : 0, milliseconds: now - slot.started, note: response.logNote))
        }
    }

    private func compact(_ consumed: Int) {
        if consumed > 0 { buffer.removeFirst(min(consumed, buffer.count)) }
    }
}
