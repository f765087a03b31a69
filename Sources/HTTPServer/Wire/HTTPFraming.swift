/// How one answer goes on the wire, decided here for every answer (a cached one written
/// at once, a parsed request's queued answer, a refusal): which version's status line,
/// whether the connection stays open after it, and whether its body is sent.
public struct HTTPFraming: Sendable {
    /// The version of the request it answers (HTTP/1.0 gets an HTTP/1.0 status line).
    public let version: HTTPVersion
    /// True when the connection stays open after it (`Connection: close` otherwise; an
    /// HTTP/1.0 answer kept alive says `Connection: keep-alive`).
    public let keepAlive: Bool
    /// False for the answer to `HEAD` and for statuses without a body.
    public let sendsBody: Bool

    /// The framing of a `status` answer to a request of `version` (a `HEAD` when
    /// `isHead`), kept alive when `keepAlive`.
    public init(status: HTTPStatus, version: HTTPVersion, isHead: Bool, keepAlive: Bool) {
        self.version = version
        self.keepAlive = keepAlive
        sendsBody = !isHead && Self.statusHasBody(status)
    }

    /// False for 304 and 204, which carry neither a body nor a `Content-Length`.
    public static func statusHasBody(_ status: HTTPStatus) -> Bool {
        status != .notModified && status != .noContent
    }
}
