#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Concurrency

/// What every event loop shares: configuration, responder, clock, admission, counters, logging.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    /// `responder.preparedResponse(to:)`, called for every cached answer on the reference
    /// this context holds, without counting one (see `PreparedLookup`).
    let preparedLookup: PreparedLookup
    /// The responder's grace periods: each event loop is one of their readers, so that
    /// what `preparedLookup` lends outlives its use (see `GracePeriods`).
    let gracePeriods: GracePeriods
    let clock: any MonotonicClock
    let admission: Admission
    /// Accepting for every loop, with the spare descriptor.
    let acceptGate = AcceptGate()
    let counters = TransportCounters()
    /// Which answers get an access-log line and how it reads; nil: none.
    let accessLog: AccessLog?
    /// Where the access log's lines are written (standard output).
    let accessLogDescriptor: Int32
    let log: @Sendable (String) -> Void
    /// Problems that can come in floods (refusals, failing accepts), at most a line a second.
    let problems: ThrottledLog

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, clock: any MonotonicClock,
         accessLog: AccessLog?, accessLogDescriptor: Int32, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.responder = responder
        if let lending = responder as? any HTTPLendingResponder {
            self.preparedLookup = PreparedLookup(lending)
            self.gracePeriods = lending.gracePeriods
        } else {
            self.preparedLookup = PreparedLookup()
            self.gracePeriods = GracePeriods()  // nothing is lent: no loop ever waits on it
        }
        self.clock = clock
        self.accessLog = accessLog.flatMap { $0.level == .none ? nil : $0 }
        self.accessLogDescriptor = accessLogDescriptor
        self.log = log
        self.problems = ThrottledLog(write: log)
        self.admission = Admission(maxConnections: configuration.maxConnections,
                                   maxConnectionsPerClient: configuration.maxConnectionsPerClient,
                                   exempt: configuration.trustedProxies,
                                   refusalSlots: configuration.refusalSlots)
    }
}

/// A lending responder's `preparedResponse(to:)` reached without counting a reference:
/// the existential is opened once, here, and every call borrows the responder, which the
/// `ServerContext` holding this keeps alive. (Calling through `any HTTPLendingResponder`
/// copies the existential, one retain and release per cached answer.)
struct PreparedLookup: Sendable {
    private let call: @Sendable (HTTPRequestBytes) -> Lent<HTTPPreparedResponse>?

    init<Responder: HTTPLendingResponder>(_ responder: Responder) {
        let lent = Lent(responder)  // the context holds the responder
        call = { request in lent.borrow { $0.preparedResponse(to: request) } }
    }

    /// For a responder that lends nothing: every request is parsed.
    init() {
        call = { _ in nil }
    }

    /// The lent answer (see `HTTPLendingResponder.preparedResponse(to:)`).
    func callAsFunction(_ request: HTTPRequestBytes) -> Lent<HTTPPreparedResponse>? { call(request) }
}

/// An HTTP/1.1 server on non-blocking sockets and epoll, with a small fixed set of
/// event-loop threads (not a thread per connection). It knows nothing of spinners: every
/// request goes to an `HTTPResponder`. Keep-alive, pipelining (answers in order),
/// HTTP/1.0, HEAD; every connection bounded in memory and time by its
/// `ConnectionStateMachine`; connection limits with polite refusals; a graceful drain.
public final class HTTPServer: Sendable {
    private enum Lifecycle {
        case ready
        case running([EventLoop])
        case stopped
    }

    private let context: ServerContext
    private let lifecycle = Locked(Lifecycle.ready)
    private let finished = DispatchGroup()

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, clock: any MonotonicClock = SystemClock(),
                accessLog: AccessLog? = nil, accessLogDescriptor: Int32 = STDOUT_FILENO,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        context = ServerContext(configuration: configuration, responder: responder, clock: clock, accessLog: accessLog,
                                accessLogDescriptor: accessLogDescriptor, log: log)
    }

    /// Binds the listeners and starts the loops; returns the port it listens on. On a
    /// failure nothing is left open.
    public func start() throws(SocketError) -> Int {
        let configuration = context.configuration
        var listeners: [Int32] = []
        var loops: [EventLoop] = []
        let port: Int
        do {
            let first = try Socket.listen(host: configuration.host, port: configuration.port)
            listeners.append(first)
            port = try Socket.boundPort(first)
            for _ in 1 ..< max(1, configuration.eventLoops) {
                listeners.append(try Socket.listen(host: configuration.host, port: port))
            }
            for _ in listeners { loops.append(try EventLoop()) }
        } catch {
            listeners.forEach { close($0) }
            throw error
        }
        lifecycle.withLock { $0 = .running(loops) }
        for (loop, listener) in zip(loops, listeners) {
            finished.enter()
            let context = self.context, group = finished
            // The reactor is made on its own thread and never leaves it.
            DetachedThread.start(name: "spinnerd-loop") {
                Reactor(loop: loop, context: context, listener: listener).run()
                group.leave()
            }
        }
        return port
    }

    /// Begins a graceful drain: stop accepting, finish what is in flight, then end. Safe from any thread.
    public func shutdown() {
        let loops: [EventLoop] = lifecycle.withLock { state in
            defer { state = .stopped }
            if case .running(let loops) = state { return loops }
            return []
        }
        for loop in loops { loop.execute { reactor in reactor.beginDrain() } }
    }

    /// Blocks until every loop has ended (after `shutdown`).
    public func wait() {
        finished.wait()
    }

    /// Connections served now.
    public var openConnections: Int { context.admission.openConnections }

    /// The transport's counters now.
    public var statistics: TransportStatistics {
        var statistics = context.counters.snapshot
        statistics.openConnections = context.admission.openConnections
        statistics.lingeringRefusals = context.admission.lingeringRefusals
        return statistics
    }
}
