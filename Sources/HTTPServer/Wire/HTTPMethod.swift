/// A request method (RFC 9110 §9): every method llhttp knows (RFC 9110, PATCH, WebDAV,
/// QUERY, …), so a parsed request's method is always one of these; any other token is
/// answered 501 by the parser. An enum rather than swift-http-types' open struct because
/// nothing else ever reaches a route. Case-sensitive on the wire (`get` is not `GET`).
public enum HTTPMethod: String, CaseIterable, Sendable, CustomStringConvertible {
    // GET and HEAD first: the parser's scan tells them by position.
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case options = "OPTIONS"
    case patch = "PATCH"
    case connect = "CONNECT"
    case trace = "TRACE"
    case query = "QUERY"
    case copy = "COPY"
    case lock = "LOCK"
    case mkcol = "MKCOL"
    case move = "MOVE"
    case propfind = "PROPFIND"
    case proppatch = "PROPPATCH"
    case search = "SEARCH"
    case unlock = "UNLOCK"
    case bind = "BIND"
    case rebind = "REBIND"
    case unbind = "UNBIND"
    case acl = "ACL"
    case report = "REPORT"
    case mkactivity = "MKACTIVITY"
    case checkout = "CHECKOUT"
    case merge = "MERGE"
    case mSearch = "M-SEARCH"
    case notify = "NOTIFY"
    case subscribe = "SUBSCRIBE"
    case unsubscribe = "UNSUBSCRIBE"
    case purge = "PURGE"
    case mkcalendar = "MKCALENDAR"
    case link = "LINK"
    case unlink = "UNLINK"
    case source = "SOURCE"

    /// The token, as sent and as logged.
    public var description: String { rawValue }

    /// Each method with its token's bytes, GET and HEAD first (what the parser compares
    /// with; kept, since `allCases` makes a new array on every call).
    static let tokens: [(method: HTTPMethod, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }
}
