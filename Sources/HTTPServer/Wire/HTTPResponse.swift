/// An HTTP response: status, header fields and body.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields; `Content-Length`, `Date` and `Connection` are written by the serializer.
    public var headers: HTTPHeaders
    /// The body (sent for every method but HEAD, whose response keeps the length).
    public var body: [UInt8]
    /// A body in a file, sent with sendfile instead of `body` when set.
    public var bodyFile: HTTPBodyFile?
    /// A short note for the access log (`cache=hit`), never sent.
    public var logNote: String?

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], bodyFile: HTTPBodyFile? = nil,
                logNote: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.logNote = logNote
    }

    /// Length of the body, wherever it is kept.
    public var bodyLength: Int { bodyFile?.length ?? body.count }

    /// A plain-text response, for errors the transport itself answers.
    public static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")] + headers),
                     body: Array((text + "\n").utf8))
    }

    /// The standard reason phrase of `status`.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
