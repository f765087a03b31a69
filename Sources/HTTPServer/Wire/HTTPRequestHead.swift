/// Where a request's parts are in the bytes it arrived in, found and checked by
/// `HTTPRequestParser.scan` without making any text: what the transport's fast path for an
/// answer prepared ahead reads (`HTTPResponder.preparedResponse`). Every offset counts
/// from the start of the scanned bytes. `HTTPRequestParser.request(from:in:)` makes the
/// `HTTPRequest` of it for everything else.
public struct HTTPRequestHead: Sendable {
    /// The method.
    public let method: HTTPMethod
    /// True for `GET`, the one method answered with a body from the prepared answers.
    public var isGet: Bool { method == .get }
    /// True for `HEAD`.
    public var isHead: Bool { method == .head }
    /// The request target as sent.
    public let target: Range<Int>
    /// True when the target is in origin form (`/path?query`); the absolute form
    /// (`http://host/path`) is rewritten to it when the request is made.
    public let targetIsOriginForm: Bool
    /// The protocol version.
    public let version: HTTPVersion
    /// The field lines, each ending in CRLF (without the empty line that ends the head).
    let fieldLines: Range<Int>
    /// The value of the first `If-None-Match` field, if any (without surrounding spaces).
    public let ifNoneMatch: Range<Int>?
    /// The value of the first `Accept-Encoding` field, if any.
    public let acceptEncoding: Range<Int>?
    /// True when a `Connection` field lists `close`.
    let connectionClose: Bool
    /// True when a `Connection` field lists `keep-alive`.
    let connectionKeepAlive: Bool
    /// The body (empty without `Content-Length`).
    public let body: Range<Int>

    /// Bytes the request took, body included.
    public var consumed: Int { body.upperBound }

    /// True when the client wants the connection kept open after this request: HTTP/1.1
    /// unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive` (as
    /// `HTTPRequest.wantsKeepAlive`).
    public var wantsKeepAlive: Bool {
        switch version {
        case .http11: !connectionClose
        case .http10: connectionKeepAlive
        }
    }
}

/// What `HTTPRequestParser.scan` found at the front of some bytes.
public enum HTTPScanResult: Sendable {
    /// Not a whole request yet (and no limit passed).
    case incomplete
    /// A whole request head (and body), checked.
    case head(HTTPRequestHead)
    /// Bytes that can never become a valid request.
    case failure(HTTPParseError)
}

/// A request seen by the fast path, as raw bytes that are valid only during the call they
/// are given to (they point into the connection's input): a `GET` or `HEAD` in origin form.
public struct HTTPRequestBytes {
    /// True for `HEAD` (answered without a body), false for `GET`.
    public let isHead: Bool
    /// The request target as sent (`/path?query`).
    public let target: UnsafeRawBufferPointer
    /// The first `If-None-Match` value, if sent.
    public let ifNoneMatch: UnsafeRawBufferPointer?
    /// The first `Accept-Encoding` value, if sent.
    public let acceptEncoding: UnsafeRawBufferPointer?

    public init(isHead: Bool, target: UnsafeRawBufferPointer, ifNoneMatch: UnsafeRawBufferPointer?, acceptEncoding: UnsafeRawBufferPointer?) {
        self.isHead = isHead
        self.target = target
        self.ifNoneMatch = ifNoneMatch
        self.acceptEncoding = acceptEncoding
    }
}
