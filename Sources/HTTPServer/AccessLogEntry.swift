/// One line of the access log: what the transport saw of a request and its response.
public struct AccessLogEntry: Sendable {
    /// What the transport read of the request, made only when answers are logged.
    public struct Request: Sendable {
        /// The method; nil for an answer the transport gave without a request (a parse
        /// error, a timeout, a refusal).
        public let method: HTTPMethod?
        /// The target as sent ("-" without a request).
        public let target: String
        /// The HTTP version ("-" is written without a request).
        public let version: HTTPVersion?
        /// `User-Agent`, as sent.
        public let userAgent: String?
        /// `X-Forwarded-For`, as sent (every field line of it, joined with ", "): whom a
        /// front says it forwarded for.
        public let forwardedFor: String?

        public init(method: HTTPMethod?, target: String, version: HTTPVersion?, userAgent: String?, forwardedFor: String?) {
            self.method = method
            self.target = target
            self.version = version
            self.userAgent = userAgent
            self.forwardedFor = forwardedFor
        }

        /// For an answer without a request.
        static let withoutRequest = Request(method: nil, target: "-", version: nil, userAgent: nil, forwardedFor: nil)

        /// From a parsed request's head and fields.
        init(_ request: HTTPRequest) {
            self.init(method: request.method, target: request.target, version: request.version, userAgent: request.headers[.userAgent],
                      forwardedFor: request.headers.joinedValues(.xForwardedFor))
        }
    }

    /// The request.
    public let request: Request
    /// The peer's address (a front's, when one forwards).
    public let peer: ClientAddress
    /// The status answered.
    public let status: HTTPStatus
    /// Body bytes sent (0 for HEAD and 304).
    public let bytes: Int
    /// From the request's arrival to its response being queued, in milliseconds.
    public let milliseconds: Int64
    /// The responder's note (`cache=hit`), if any.
    public let note: String?

    public init(request: Request, peer: ClientAddress, status: HTTPStatus, bytes: Int, milliseconds: Int64, note: String?) {
        self.request = request
        self.peer = peer
        self.status = status
        self.bytes = bytes
        self.milliseconds = milliseconds
        self.note = note
    }

    /// The request's method; nil without a request.
    public var method: HTTPMethod? { request.method }
    /// The request target as sent ("-" without a request).
    public var target: String { request.target }
}
