/// The HTTP protocol version of a request.
public enum HTTPVersion: String, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

/// A parsed HTTP/1.x request.
public struct HTTPRequest: Sendable {
    /// The method (case-sensitive on the wire, per RFC 9110).
    public let method: HTTPMethod
    /// The request target as sent (origin form: `/path?query`).
    public let target: String
    /// The percent-decoded path. Decoded when asked for, like `query`.
    public var path: String { URLComponentsDecoding.path(of: target) }
    /// The query's `name=value` items, percent-decoded (`+` is a space), in order.
    /// Decoded when asked for: a cached answer never needs it.
    public var query: [(name: String, value: String)] { URLComponentsDecoding.query(of: target) }
    /// The protocol version.
    public let version: HTTPVersion
    /// The header fields.
    public let headers: HTTPHeaders
    /// The body, when one was sent with `Content-Length` (it is read so the connection stays in step).
    public let body: [UInt8]
    /// The address the request came from (the peer), set by the transport (nil when not
    /// over a socket).
    public var client: ClientAddress?
    /// Who asked, as the access log names them: the peer, or the client a trusted front
    /// forwarded for (`TrustedProxies.origin`). Set by the transport with `client`; what
    /// every per-client limit of the responder counts by.
    public var origin: ClientOrigin?

    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], client: ClientAddress? = nil) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.client = client
    }

    /// True for `HEAD` (answered without a body).
    public var isHead: Bool { method == .head }

    /// True when the client wants the connection kept open after this request: HTTP/1.1
    /// unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var wantsKeepAlive: Bool {
        switch version {
        case .http11: !headers.contains(token: "close", in: .connection)
        case .http10: headers.contains(token: "keep-alive", in: .connection)
        }
    }
}
