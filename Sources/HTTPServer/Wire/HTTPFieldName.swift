/// A header field's name (RFC 9110 §5.1): kept as written, compared and hashed with ASCII
/// letters' case ignored, so `content-type` finds `Content-Type`. Like swift-http-types'
/// `HTTPField.Name`, without its lowercased copy: equality folds case as it compares
/// (it runs for every lookup of every request, and allocates nothing).
public struct HTTPFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written (what the serializer sends).
    public let rawName: String

    public init(_ rawName: String) {
        self.rawName = rawName
    }

    public init(stringLiteral rawName: String) {
        self.rawName = rawName
    }

    public var description: String { rawName }

    public static func == (a: HTTPFieldName, b: HTTPFieldName) -> Bool {
        sameName(a.rawName, b.rawName)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawName.utf8 { hasher.combine(Self.folded(byte)) }
    }

    /// ASCII case-insensitive equality of field names, without allocating.
    static func sameName<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { folded($0) == folded($1) }
    }

    /// `byte` with an ASCII capital letter made small.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    // The fields this server reads or writes.
    public static let accept: HTTPFieldName = "Accept"
    public static let acceptEncoding: HTTPFieldName = "Accept-Encoding"
    public static let accessControlAllowOrigin: HTTPFieldName = "Access-Control-Allow-Origin"
    public static let allow: HTTPFieldName = "Allow"
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    public static let connection: HTTPFieldName = "Connection"
    public static let contentEncoding: HTTPFieldName = "Content-Encoding"
    public static let contentLength: HTTPFieldName = "Content-Length"
    public static let contentSecurityPolicy: HTTPFieldName = "Content-Security-Policy"
    public static let contentType: HTTPFieldName = "Content-Type"
    public static let date: HTTPFieldName = "Date"
    public static let eTag: HTTPFieldName = "ETag"
    public static let host: HTTPFieldName = "Host"
    public static let ifNoneMatch: HTTPFieldName = "If-None-Match"
    public static let referrerPolicy: HTTPFieldName = "Referrer-Policy"
    public static let retryAfter: HTTPFieldName = "Retry-After"
    public static let transferEncoding: HTTPFieldName = "Transfer-Encoding"
    public static let userAgent: HTTPFieldName = "User-Agent"
    public static let vary: HTTPFieldName = "Vary"
    public static let xContentTypeOptions: HTTPFieldName = "X-Content-Type-Options"
    public static let xForwardedFor: HTTPFieldName = "X-Forwarded-For"
}
