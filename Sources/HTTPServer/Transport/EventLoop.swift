#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization

/// One thread's share of the server: an epoll set with its own listener (SO_REUSEPORT),
/// the connections it accepted, and an inbox (woken through an eventfd) for responses
/// that other threads finish. Connections are only touched on this thread.
final class EventLoop: @unchecked Sendable {
    private let context: ServerContext
    private let epoll: Int32
    private let wake: Int32
    private var listener: Int32?
    private var connections = ConnectionTable()
    private let inbox = Mutex<[@Sendable (EventLoop) -> Void]>([])
    private var thread: pthread_t?
    private var nextIdentifier: UInt64 = 0
    private var draining = false
    private var drainDeadline: Int64 = .max
    private var lastTick: Int64 = 0
    private var cachedDate: (second: Int, text: String) = (-1, "")
    /// Set while `dispatch` runs, so a responder that answers at once is not queued through the inbox.
    private var dispatching = false

    private static let listenerKey: UInt64 = .max
    private static let wakeKey: UInt64 = .max - 1
    /// How often deadlines are checked, in milliseconds.
    private static let tickInterval: Int32 = 250

    init(context: ServerContext, listener: Int32) throws(SocketError) {
        self.context = context
        self.listener = listener
        epoll = spinnerd_epoll_create()
        guard epoll >= 0 else { throw SocketError(operation: "epoll_create1", code: errno) }
        wake = spinnerd_eventfd()
        guard wake >= 0 else {
            close(epoll)
            throw SocketError(operation: "eventfd", code: errno)
        }
        spinnerd_epoll_add(epoll, listener, spinnerd_EPOLLIN, Self.listenerKey)
        spinnerd_epoll_add(epoll, wake, spinnerd_EPOLLIN, Self.wakeKey)
    }

    /// Runs `task` on this loop's thread: now if already there, else through the inbox.
    func execute(_ task: @escaping @Sendable (EventLoop) -> Void) {
        if let thread, pthread_equal(thread, pthread_self()) != 0, dispatching {
            task(self)
            return
        }
        inbox.withLock { $0.append(task) }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Stops accepting and closes connections as they fall idle; the loop ends when none are left.
    func beginDrain() {
        execute { loop in
            loop.draining = true
            loop.drainDeadline = loop.context.clock.milliseconds() + loop.context.configuration.drainTimeout
            if let listener = loop.listener {
                spinnerd_epoll_remove(loop.epoll, listener)
                close(listener)
                loop.listener = nil
            }
            for connection in loop.connections.all { connection.stopAccepting() }
            for connection in loop.connections.all { loop.flush(connection.descriptor) }
        }
    }

    /// The loop body; returns after a drain once every connection is closed.
    func run() {
        thread = pthread_self()
        var keys = [UInt64](repeating: 0, count: 256)
        var masks = [UInt32](repeating: 0, count: 256)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { scratch.deallocate() }
        while true {
            let count = spinnerd_epoll_wait(epoll, &keys, &masks, Int32(keys.count), Self.tickInterval)
            let now = context.clock.milliseconds()
            for index in 0 ..< max(0, Int(count)) {
                switch keys[index] {
                case Self.listenerKey: acceptAll(now: now)
                case Self.wakeKey: drainInbox()
                default: handle(Int32(truncatingIfNeeded: keys[index]), events: masks[index], now: now, scratch: scratch)
                }
            }
            if now - lastTick >= Int64(Self.tickInterval) {
                lastTick = now
                tick(now: now)
            }
            if draining && (connections.isEmpty || now >= drainDeadline) { break }
        }
        for connection in connections.all { closeConnection(connection.descriptor) }
        close(epoll)
        close(wake)
    }

    private func acceptAll(now: Int64) {
        guard let listener else { return }
        while true {
            let descriptor: Int32
            do {
                guard let accepted = try Socket.accept(listener) else { return }
                descriptor = accepted
            } catch {
                context.log("accept: \(error)")
                return
            }
            guard context.openConnections.add(1, ordering: .relaxed).newValue <= context.configuration.maxConnections else {
                context.openConnections.subtract(1, ordering: .relaxed)
                let refusal = HTTPResponse.text(503, "too many connections", headers: [("Retry-After", "1")])
                let head = HTTPResponseSerializer.head(refusal, version: .http11, keepAlive: false, date: date(now))
                _ = try? Socket.write(descriptor, head: head, body: refusal.body, offset: 0)
                close(descriptor)
                continue
            }
            nextIdentifier += 1
            let deadlines = ConnectionDeadlines(requestTimeout: context.configuration.requestTimeout,
                                                idleTimeout: context.configuration.idleTimeout, now: now)
            let connection = Connection(descriptor: descriptor, identifier: nextIdentifier, deadlines: deadlines)
            connection.interest = spinnerd_EPOLLIN | spinnerd_EPOLLRDHUP
            connections.insert(connection)
            spinnerd_epoll_add(epoll, descriptor, connection.interest, UInt64(descriptor))
        }
    }

    private func handle(_ descriptor: Int32, events: UInt32, now: Int64, scratch: UnsafeMutableRawBufferPointer) {
        guard let connection = connections[descriptor] else { return }
        if events & (spinnerd_EPOLLHUP | spinnerd_EPOLLERR) != 0 {
            // Both directions are gone (or the socket failed): nothing can be delivered.
            return closeConnection(descriptor)
        }
        if events & (spinnerd_EPOLLIN | spinnerd_EPOLLRDHUP) != 0 {
            guard connection.readAvailable(scratch: scratch) else { return closeConnection(descriptor) }
            dispatchRequests(connection, now: now)
        }
        flush(descriptor)
    }

    private func dispatchRequests(_ connection: Connection, now: Int64) {
        dispatching = true
        defer { dispatching = false }
        let descriptor = connection.descriptor, identifier = connection.identifier
        connection.parseRequests(now: now, configuration: context.configuration) { request, sequence in
            context.responder.respond(to: request) { response in
                self.execute { loop in loop.deliver(response, to: descriptor, identifier: identifier, sequence: sequence) }
            }
        }
        connection.queueReadyResponses(date: date(now), now: now, log: context.accessLog)
    }

    private func deliver(_ response: HTTPResponse, to descriptor: Int32, identifier: UInt64, sequence: UInt64) {
        guard let connection = connections[descriptor], connection.identifier == identifier else { return }  // client gone
        let now = context.clock.milliseconds()
        connection.complete(sequence, with: response, date: date(now), now: now, log: context.accessLog)
        if !dispatching { flush(descriptor) }
    }

    /// Writes what the connection has, re-arms epoll for what it still needs, and
    /// parses requests that waited for pipelining room.
    private func flush(_ descriptor: Int32) {
        guard let connection = connections[descriptor] else { return }
        let now = context.clock.milliseconds()
        guard connection.flush(now: now) else { return closeConnection(descriptor) }
        if !connection.wantsWrite && !draining { dispatchRequests(connection, now: now) }
        if connection.wantsWrite, !connection.flush(now: now) { return closeConnection(descriptor) }
        var interest: UInt32 = 0
        if connection.wantsRead { interest |= spinnerd_EPOLLIN | spinnerd_EPOLLRDHUP }
        if connection.wantsWrite { interest |= spinnerd_EPOLLOUT }
        // Only tell the kernel when the interest changes: most requests leave it as it was.
        if interest != connection.interest {
            connection.interest = interest
            spinnerd_epoll_modify(epoll, descriptor, interest, UInt64(descriptor))
        }
    }

    private func tick(now: Int64) {
        for connection in connections.all {
            let descriptor = connection.descriptor
            if connection.checkDeadlines(now: now, date: date(now), log: context.accessLog) {
                if connection.wantsWrite { flush(descriptor) }
            } else {
                closeConnection(descriptor)
            }
        }
    }

    private func drainInbox() {
        var value: UInt64 = 0
        _ = read(wake, &value, 8)
        let tasks = inbox.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in tasks { task(self) }
    }

    private func closeConnection(_ descriptor: Int32) {
        guard connections.remove(descriptor) != nil else { return }
        spinnerd_epoll_remove(epoll, descriptor)
        close(descriptor)
        context.openConnections.subtract(1, ordering: .relaxed)
    }

    /// The IMF-fixdate for `Date`, formatted once a second.
    private func date(_ now: Int64) -> String {
        var seconds = time(nil)
        guard Int(seconds) != cachedDate.second else { return cachedDate.text }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        cachedDate = (Int(seconds), String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        return cachedDate.text
    }
}
