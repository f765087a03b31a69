/// An HTTP response: status, header fields and body.
public struct HTTPResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// Header fields; `Content-Length`, `Date` and `Connection` are written by the serializer.
    public var headers: HTTPHeaders
    /// The body (sent for every method but HEAD, whose response keeps the length).
    public var body: [UInt8]
    /// A body in a file, sent with sendfile instead of `body` when set.
    public var bodyFile: HTTPBodyFile?
    /// What the access log notes of it (`cache=hit`, `reason=client_limit`), never sent.
    public var logNote: AccessLogNote?
    /// A probe's or a scrape's answer, written to the access log at the `debug` level only.
    public var isRoutine: Bool

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], bodyFile: HTTPBodyFile? = nil,
                logNote: AccessLogNote? = nil, isRoutine: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.logNote = logNote
        self.isRoutine = isRoutine
    }

    /// Length of the body, wherever it is kept.
    public var bodyLength: Int { bodyFile?.length ?? body.count }

    /// A plain-text response, for errors the transport itself answers.
    public static func text(_ status: HTTPStatus, _ text: String, headers: [(HTTPFieldName, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([(.contentType, "text/plain; charset=utf-8")] + headers),
                     body: Array((text + "\n").utf8))
    }

}
