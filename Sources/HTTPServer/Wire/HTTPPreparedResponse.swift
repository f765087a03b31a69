/// A response written out once, to be sent many times as it is (a cached image's): its
/// status, its fields already serialised with `Content-Length`, and its body. The
/// transport adds only the status line, `Date` and `Connection`, so answering with it
/// formats no text and copies prepared bytes. Immutable; shared between event loops.
public final class HTTPPreparedResponse: Sendable {
    /// The status code.
    public let status: HTTPStatus
    /// The status line for HTTP/1.1, then the fields as the serializer writes them,
    /// `Content-Length` included (for every status but 304 and 204), each line ending in
    /// CRLF; and the same for HTTP/1.0.
    let http11Head: [UInt8]
    let http10Head: [UInt8]
    /// The body in memory (empty when it is in `bodyFile`).
    public let body: [UInt8]
    /// The body in a sealed file, sent with sendfile.
    public let bodyFile: HTTPBodyFile?
    /// What the access log notes of it (`cache=hit`), never sent.
    public let logNote: AccessLogNote?
    /// A probe's or a scrape's answer (logged at `debug` only).
    public let isRoutine: Bool

    /// Serialises `response`'s fields once; its body and file are kept as they are.
    public init(_ response: HTTPResponse) {
        var fields: [UInt8] = []
        HTTPResponseSerializer.appendFields(response.headers, to: &fields)
        HTTPResponseSerializer.appendContentLength(of: response, to: &fields)
        self.status = response.status
        http11Head = HTTPResponseSerializer.statusLine(response.status, version: .http11) + fields
        http10Head = HTTPResponseSerializer.statusLine(response.status, version: .http10) + fields
        self.body = response.body
        self.bodyFile = response.bodyFile
        self.logNote = response.logNote
        self.isRoutine = response.isRoutine
    }

    /// Calls `body` with the prepared head for `version` (borrowed: no reference counted).
    func withHead(_ version: HTTPVersion, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if version == .http11 { http11Head.withUnsafeBufferPointer(body) } else { http10Head.withUnsafeBufferPointer(body) }
    }

    /// Length of the body, wherever it is kept.
    public var bodyLength: Int { bodyFile?.length ?? body.count }
}
