import Foundation
import Synchronization

/// What every event loop shares: configuration, responder, clock, counters, logging.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let clock: any MonotonicClock
    let openConnections = Atomic<Int>(0)
    let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    let log: @Sendable (String) -> Void

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, clock: any MonotonicClock,
         accessLog: (@Sendable (AccessLogEntry) -> Void)?, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.responder = responder
        self.clock = clock
        self.accessLog = accessLog
        self.log = log
    }
}

/// An HTTP/1.1 server on non-blocking sockets and epoll, with a small fixed set of
/// event-loop threads (not a thread per connection). It knows nothing of spinners: every
/// request goes to an `HTTPResponder`. Keep-alive, pipelining (answers in order),
/// HTTP/1.0, HEAD, request/idle timeouts, a connection limit and a graceful drain.
public final class HTTPServer: Sendable {
    private let context: ServerContext
    private let loops: Mutex<[EventLoop]> = Mutex([])
    private let finished = DispatchGroup()

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, clock: any MonotonicClock = SystemClock(),
                accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        context = ServerContext(configuration: configuration, responder: responder, clock: clock, accessLog: accessLog, log: log)
    }

    /// Binds the listeners and starts the loops; returns the port it listens on.
    public func start() throws(SocketError) -> Int {
        let configuration = context.configuration
        let first = try Socket.listen(host: configuration.host, port: configuration.port)
        let port = Socket.boundPort(first)
        var listeners = [first]
        do {
            for _ in 1 ..< max(1, configuration.eventLoops) {
                listeners.append(try Socket.listen(host: configuration.host, port: port))
            }
        } catch {
            listeners.forEach { close($0) }
            throw error
        }
        var started: [EventLoop] = []
        for listener in listeners {
            let loop = try EventLoop(context: context, listener: listener)
            started.append(loop)
            finished.enter()
            let group = finished
            let thread = Thread {
                loop.run()
                group.leave()
            }
            thread.name = "spinnerd-loop"
            thread.start()
        }
        loops.withLock { $0 = started }
        return port
    }

    /// Begins a graceful drain: stop accepting, finish what is in flight, then end. Safe from any thread.
    public func shutdown() {
        for loop in loops.withLock({ $0 }) { loop.beginDrain() }
    }

    /// Blocks until every loop has ended (after `shutdown`).
    public func wait() {
        finished.wait()
    }

    /// Connections open now.
    public var openConnections: Int { context.openConnections.load(ordering: .relaxed) }
}
