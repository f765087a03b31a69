/// One line of the access log: what the transport saw of a request and its response.
public struct AccessLogEntry: Sendable {
    /// The request's method; nil for an answer the transport gave without a request (a
    /// parse error, a timeout, a refusal).
    public let method: HTTPMethod?
    /// The request target as sent ("-" without a request).
    public let target: String
    /// The status answered.
    public let status: HTTPStatus
    /// Body bytes sent (0 for HEAD and 304).
    public let bytes: Int
    /// From the request's arrival to its response being queued, in milliseconds.
    public let milliseconds: Int64
    /// The responder's note (`cache=hit`), if any.
    public let note: String?
}
