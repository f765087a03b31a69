/// How much a client may send before the parser refuses, with the status each limit
/// answers. The defaults are generous for browsers and curl and small for a server
/// that only serves GET.
public struct HTTPParserLimits: Sendable {
    /// Longest request line (method, target, version) in bytes; beyond: 414. Default 8 KiB.
    public var maxRequestLineBytes: Int
    /// Largest header section in bytes; beyond: 431. Default 16 KiB.
    public var maxHeaderBytes: Int
    /// Most header fields; beyond: 431. Default 100.
    public var maxHeaderCount: Int
    /// Largest body accepted (and discarded by routes that take none); beyond: 413. Default 64 KiB.
    public var maxBodyBytes: Int

    /// The largest request these limits admit (line, headers, body and their line ends):
    /// what a connection may need to buffer at most.
    public var maxRequestBytes: Int { maxRequestLineBytes + maxHeaderBytes + maxBodyBytes + 4 }

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024,
                maxHeaderCount: Int = 100, maxBodyBytes: Int = 64 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}

/// Why bytes are not a request: the status to answer and a short public reason. The
/// connection is closed after answering, since the stream can no longer be trusted.
public struct HTTPParseError: Error, Equatable, Sendable {
    /// 400, 413, 414, 431, 501 or 505.
    public let status: HTTPStatus
    /// One line for people.
    public let reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}

/// What the parser found at the front of a buffer.
public enum HTTPParseResult: Sendable {
    /// Not a whole request yet (and no limit passed).
    case incomplete
    /// A request, and how many bytes of the buffer it took.
    case request(HTTPRequest, consumed: Int)
    /// Bytes that can never become a valid request.
    case failure(HTTPParseError)
}
