import Concurrency

/// How the server listens, how patient it is and how much it lets each client hold.
/// The defaults are the library's, for a server made in code
/// (tests, tools); `spinnerd serve` sets the ones it has flags for from its own table
/// (`ServeSetting.all`), some derived from the machine.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind (IPv4). Default `0.0.0.0`.
    public var host: String
    /// Port; 0 picks a free one. Default 8080.
    public var port: Int
    /// Event-loop threads, each with its own epoll and listener. Default 2 (`spinnerd
    /// serve`: one a core, at most 2).
    public var eventLoops: Int
    /// Connections served at once. At the limit an idle, lingering or slow connection is
    /// closed to make room, else the newcomer is answered 503 and closed. Default 1024
    /// (`spinnerd serve` derives it from the descriptor limit: `DescriptorPlan`).
    public var maxConnections: Int
    /// Connections one client address may hold; beyond, 503. 0: no limit (behind a proxy
    /// that connects from one address). Default 128 (`spinnerd serve` derives it: an
    /// eighth of its connections, at least 8 and at most 256).
    public var maxConnectionsPerClient: Int
    /// Fronts (reverse proxies, load balancers) whose `X-Forwarded-For` names a request's
    /// client (`HTTPRequest.origin`, the access log's client), and which are exempt from
    /// `maxConnectionsPerClient`: every client behind one arrives from its address, so the
    /// front bounds connections per client itself. Default none.
    public var trustedProxies: TrustedProxies
    /// Refused connections that may linger at once to deliver their 503 without a reset;
    /// beyond, refusals close at once. Default 64.
    public var refusalSlots: Int
    /// Time to send a whole request head, from accept (a silent socket) or from its first
    /// byte on a kept-alive connection. Default 10 s.
    public var requestTimeout: Duration
    /// Time an idle keep-alive connection stays open, and a client that stopped reading
    /// may keep its answers waiting. Default 60 s.
    public var idleTimeout: Duration
    /// Time a closing connection drains the client's input so that its last answer is
    /// not lost to a reset. Default 2 s.
    public var lingerTimeout: Duration
    /// Longest graceful drain after SIGTERM/SIGINT before connections are dropped. Default 30 s.
    public var drainTimeout: Duration
    /// Requests of one connection answered at once (pipelining depth); beyond, the
    /// connection is not read until answers go out. Default 32.
    public var maxPipelinedRequests: Int
    /// Output bytes queued on one connection beyond which it is not read. Default 64 KiB.
    public var outputHighWater: Int
    /// Parser limits.
    public var limits: HTTPParserLimits

    public init(host: String = "0.0.0.0", port: Int = 8080, eventLoops: Int = 2, maxConnections: Int = 1024,
                maxConnectionsPerClient: Int = 128, trustedProxies: TrustedProxies = .none, refusalSlots: Int = 64,
                requestTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), lingerTimeout: Duration = .seconds(2),
                drainTimeout: Duration = .seconds(30),
                maxPipelinedRequests: Int = 32, outputHighWater: Int = 64 * 1024, limits: HTTPParserLimits = HTTPParserLimits()) {
        self.host = host
        self.port = port
        self.eventLoops = eventLoops
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.trustedProxies = trustedProxies
        self.refusalSlots = refusalSlots
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.lingerTimeout = lingerTimeout
        self.drainTimeout = drainTimeout
        self.maxPipelinedRequests = maxPipelinedRequests
        self.outputHighWater = outputHighWater
        self.limits = limits
    }

    /// The bounds of one connection.
    var connectionLimits: ConnectionStateMachine.Limits {
        ConnectionStateMachine.Limits(requestTimeout: requestTimeout.wholeMilliseconds, idleTimeout: idleTimeout.wholeMilliseconds,
                                      lingerTimeout: lingerTimeout.wholeMilliseconds,
                                      maxPipelinedRequests: maxPipelinedRequests, outputHighWater: outputHighWater,
                                      inputLimit: limits.maxRequestBytes)
    }
}
