/// A response status (RFC 9110 §15): its three-digit code and standard reason phrase.
/// The sources name every status they send (`.notFound`); an integer literal (`200`) serves
/// the constants below and the tests. Like swift-http-types' `HTTPResponse.Status`, a
/// struct, so any code in 100–599 can be sent, not only the named ones.
public struct HTTPStatus: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The three-digit code, 100–599.
    public let code: Int

    /// A status of `code`, which must be in 100–599 (a programming error otherwise:
    /// statuses come from the code, never from a request).
    public init(code: Int) {
        precondition((100 ... 599).contains(code), "an HTTP status code is three digits, 100–599")
        self.code = code
    }

    public init(integerLiteral code: Int) {
        self.init(code: code)
    }

    /// The standard reason phrase, or `Status NNN` for a code without a named constant.
    public var reasonPhrase: String { Self.phrases[code] ?? "Status \(code)" }

    /// The class of the status: 2 for success, 4 for a client's error, 5 for the server's.
    public var kind: Int { code / 100 }

    /// The code, as the status line and the access log write it.
    public var description: String { String(code) }

    public static func < (a: HTTPStatus, b: HTTPStatus) -> Bool { a.code < b.code }

    public static let ok: HTTPStatus = 200
    public static let noContent: HTTPStatus = 204
    public static let notModified: HTTPStatus = 304
    public static let badRequest: HTTPStatus = 400
    public static let forbidden: HTTPStatus = 403
    public static let notFound: HTTPStatus = 404
    public static let methodNotAllowed: HTTPStatus = 405
    public static let notAcceptable: HTTPStatus = 406
    public static let requestTimeout: HTTPStatus = 408
    public static let contentTooLarge: HTTPStatus = 413
    public static let uriTooLong: HTTPStatus = 414
    public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
    public static let internalServerError: HTTPStatus = 500
    public static let notImplemented: HTTPStatus = 501
    public static let serviceUnavailable: HTTPStatus = 503
    public static let httpVersionNotSupported: HTTPStatus = 505

    /// RFC 9110's reason phrases of the statuses this server sends.
    private static let phrases: [Int: String] = [
        200: "OK", 204: "No Content", 304: "Not Modified",
        400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
        408: "Request Timeout", 413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]
}
