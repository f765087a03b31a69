/// What the socket loop calls for every request; it knows nothing of routes (hummingbird's
/// split). `reply` must be called exactly once, now (on the calling thread) or later from
/// any thread, so slow work never blocks the loop and routes are testable without sockets.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void)
}

/// One line of the access log: what the transport saw of a request and its response.
public struct AccessLogEntry: Sendable {
    public let method: String
    public let target: String
    public let status: Int
    /// Body bytes sent (0 for HEAD and 304).
    public let bytes: Int
    /// From the request's arrival to its response being queued, in milliseconds.
    public let milliseconds: Int64
    /// The responder's note (`cache=hit`), if any.
    public let note: String?
}
