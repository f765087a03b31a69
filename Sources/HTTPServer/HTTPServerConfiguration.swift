/// How the server listens and how patient it is. Times are in milliseconds.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind (IPv4). Default `0.0.0.0`.
    public var host: String
    /// Port; 0 picks a free one. Default 8080.
    public var port: Int
    /// Event-loop threads, each with its own epoll and listener. Default 2.
    public var eventLoops: Int
    /// Connections open at once; more are answered 503 and closed. Default 1024.
    public var maxConnections: Int
    /// Time a client has to send a whole request head once it has started. Default 10 s.
    public var requestTimeout: Int64
    /// Time an idle keep-alive connection stays open. Default 60 s.
    public var idleTimeout: Int64
    /// Longest graceful drain after SIGTERM/SIGINT before connections are dropped. Default 30 s.
    public var drainTimeout: Int64
    /// Requests of one connection answered concurrently (pipelining depth). Default 32.
    public var maxPipelinedRequests: Int
    /// Parser limits.
    public var limits: HTTPParserLimits

    public init(host: String = "0.0.0.0", port: Int = 8080, eventLoops: Int = 2, maxConnections: Int = 1024,
                requestTimeout: Int64 = 10_000, idleTimeout: Int64 = 60_000, drainTimeout: Int64 = 30_000,
                maxPipelinedRequests: Int = 32, limits: HTTPParserLimits = HTTPParserLimits()) {
        self.host = host
        self.port = port
        self.eventLoops = eventLoops
        self.maxConnections = maxConnections
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.drainTimeout = drainTimeout
        self.maxPipelinedRequests = maxPipelinedRequests
        self.limits = limits
    }
}
