#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.x request parsing as a pure function of bytes (RFC 9112), like swift-nio's
/// `HTTPDecoder`: no sockets, no state between calls, every limit from `HTTPParserLimits`.
///
/// Strict where a lenient reading could differ from a proxy's in front (request
/// smuggling): lines end in CRLF only (a bare LF is refused), `Content-Length` must be
/// one field holding digits only, `Transfer-Encoding` is refused, methods llhttp does
/// not know get 501. It accepts nothing that llhttp (Node's parser) refuses — a differential test
/// checks that.
public enum HTTPRequestParser {
    /// Parses the request at the front of `bytes`.
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseResult {
        var index = bytes.startIndex
        // RFC 9112 §2.2: ignore empty lines before the request line (they count towards
        // its limit, so a stream of them cannot grow the buffer).
        while index < bytes.endIndex, bytes[index] == cr || bytes[index] == lf { index += 1 }
        let lineStart = index

        let requestLineEnd: (contentEnd: Int, next: Int)
        switch lineEnd(in: bytes, from: lineStart) {
        case .none:
            // A CR at the end may be the line's own, its LF still to come: it is not
            // content, or a line of exactly the limit would be refused when its CR and
            // LF arrive apart and accepted when they arrive together (found by fuzzing).
            let pending = bytes.endIndex - bytes.startIndex - (bytes.last == cr ? 1 : 0)
            return pending > limits.maxRequestLineBytes
                ? .failure(HTTPParseError(414, "request line too long")) : .incomplete
        case .bareLineFeed?:
            return .failure(HTTPParseError(400, "a line ends in LF without CR"))
        case .line(let contentEnd, let next)?:
            requestLineEnd = (contentEnd, next)
        }
        guard requestLineEnd.contentEnd - bytes.startIndex <= limits.maxRequestLineBytes else {
            return .failure(HTTPParseError(414, "request line too long"))
        }
        let requestLine: (method: String, target: String, version: HTTPVersion)
        switch parseRequestLine(bytes[lineStart ..< requestLineEnd.contentEnd]) {
        case .success(let line): requestLine = line
        case .failure(let error): return .failure(error)
        }

        var headers = HTTPHeaders()
        index = requestLineEnd.next
        let headerStart = index
        while true {
            let end: (contentEnd: Int, next: Int)
            switch lineEnd(in: bytes, from: index) {
            case .none:
                return bytes.endIndex - headerStart > limits.maxHeaderBytes
                    ? .failure(HTTPParseError(431, "header section too large")) : .incomplete
            case .bareLineFeed?:
                return .failure(HTTPParseError(400, "a line ends in LF without CR"))
            case .line(let contentEnd, let next)?:
                end = (contentEnd, next)
            }
            guard end.next - headerStart <= limits.maxHeaderBytes else {
                return .failure(HTTPParseError(431, "header section too large"))
            }
            if end.contentEnd == index { index = end.next; break }  // the empty line
            guard headers.count < limits.maxHeaderCount else { return .failure(HTTPParseError(431, "too many header fields")) }
            switch parseField(bytes[index ..< end.contentEnd]) {
            case .success(let field): headers.add(field.name, field.value)
            case .failure(let error): return .failure(error)
            }
            index = end.next
        }

        if requestLine.version == .http11 && headers.occurrences(of: "Host") != 1 {
            return .failure(HTTPParseError(400, "an HTTP/1.1 request needs exactly one Host field"))
        }
        if headers["Transfer-Encoding"] != nil {
            if headers["Content-Length"] != nil {
                return .failure(HTTPParseError(400, "both Transfer-Encoding and Content-Length"))
            }
            return .failure(HTTPParseError(501, "request bodies with Transfer-Encoding are not supported"))
        }
        var bodyLength = 0
        if headers["Content-Length"] != nil {
            // One field, digits only: repeated fields and lists (`3, 3`) are refused, as
            // llhttp refuses them, rather than read one way here and another in front.
            let values = headers.values("Content-Length")
            guard values.count == 1, let text = values.first, !text.isEmpty, text.utf8.count <= 12,
                  text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let length = Int(text) else {
                return .failure(HTTPParseError(400, "invalid Content-Length"))
            }
            guard length <= limits.maxBodyBytes else { return .failure(HTTPParseError(413, "request body too large")) }
            bodyLength = length
        }
        guard bytes.endIndex - index >= bodyLength else { return .incomplete }
        let body = Array(bytes[index ..< index + bodyLength])
        let request = HTTPRequest(method: requestLine.method, target: requestLine.target, version: requestLine.version,
                                  headers: headers, body: body)
        return .request(request, consumed: index + bodyLength - bytes.startIndex)
    }

    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), colon = UInt8(ascii: ":")

    /// How the line starting at some index ends.
    private enum LineEnd {
        /// With CRLF: where its content ends and the next line starts.
        case line(contentEnd: Int, next: Int)
        /// With a bare LF, which RFC 9112 §2.2 lets a server accept and llhttp refuses.
        case bareLineFeed
    }

    /// The end of the line starting at `start`, or nil when it has not arrived yet.
    private static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> LineEnd? {
        // memchr: the generic firstIndex(of:) was a tenth of the parse.
        let found: Int? = bytes[start...].withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let hit = memchr(base, Int32(lf), buffer.count) else { return nil }
            return start + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
        }
        guard let newline = found else { return nil }
        guard newline > start && bytes[newline - 1] == cr else { return .bareLineFeed }
        return .line(contentEnd: newline - 1, next: newline + 1)
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<(method: String, target: String, version: HTTPVersion), HTTPParseError> {
        // method SP request-target SP HTTP-version, with exactly two single spaces.
        guard let firstSpace = line.firstIndex(of: space),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: space),
              !line[(secondSpace + 1)...].contains(space) else {
            return .failure(HTTPParseError(400, "malformed request line"))
        }
        let method = line[..<firstSpace], targetBytes = line[(firstSpace + 1) ..< secondSpace], versionBytes = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(isTokenCharacter) else {
            return .failure(HTTPParseError(400, "malformed request line"))
        }
        // RFC 9110 §9.1: an unrecognised method is answered 501 (llhttp refuses it too).
        guard knownMethods.contains(where: { $0.elementsEqual(method) }) else {
            return .failure(HTTPParseError(501, "unknown method"))
        }
        let version: HTTPVersion
        if versionBytes.elementsEqual(http11) {
            version = .http11
        } else if versionBytes.elementsEqual(http10) {
            version = .http10
        } else {
            let looksLikeHTTP = versionBytes.starts(with: http11.prefix(5)) && versionBytes.count == 8
            return .failure(HTTPParseError(looksLikeHTTP ? 505 : 400, looksLikeHTTP ? "only HTTP/1.0 and HTTP/1.1" : "malformed request line"))
        }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(HTTPParseError(400, "malformed request target"))
        }
        var target = String(decoding: targetBytes, as: UTF8.self)
        // RFC 9112 §3.2.2: a server must accept the absolute form; keep its path and query.
        if targetBytes.first != UInt8(ascii: "/") {
            let lowered = target.lowercased()
            for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
                let rest = target.dropFirst(scheme.count)
                let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
                // RFC 3986 authority characters only (llhttp refuses others, `#` among them).
                guard rest[..<authorityEnd].utf8.allSatisfy(isAuthorityCharacter) else {
                    return .failure(HTTPParseError(400, "malformed request target"))
                }
                target = authorityEnd < rest.endIndex ? "/" + rest[authorityEnd...].drop { $0 == "/" } : "/"
            }
        }
        // Bytes, not Characters: the target is ASCII (checked above), and a String prefix
        // test walks grapheme clusters on every request.
        guard target.utf8.first == UInt8(ascii: "/") else { return .failure(HTTPParseError(400, "request target must be a path")) }
        return .success((String(decoding: method, as: UTF8.self), target, version))
    }

    private static func parseField(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: String), HTTPParseError> {
        guard let first = line.first, first != space && first != tab else {
            return .failure(HTTPParseError(400, "obsolete header folding"))
        }
        guard let colon = line.firstIndex(of: colon), colon > line.startIndex,
              line[line.startIndex ..< colon].allSatisfy(isTokenCharacter) else {
            return .failure(HTTPParseError(400, "malformed header field"))
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == space || byte == tab { value.removeFirst() }
        while let byte = value.last, byte == space || byte == tab { value.removeLast() }
        guard value.allSatisfy({ $0 == tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(HTTPParseError(400, "control character in a header value"))
        }
        return .success((String(decoding: line[line.startIndex ..< colon], as: UTF8.self), fieldValue(value)))
    }

    /// A field value as text. RFC 9110 §5.5: octets above 0x7F (obs-text) are opaque data,
    /// historically ISO-8859-1; they are read as such (each byte one scalar, U+0080–U+00FF),
    /// so distinct bytes stay distinct and the value writes back as the bytes sent. Read as
    /// UTF-8 they became U+FFFD: two different `If-None-Match` values compared equal (found
    /// by fuzzing: the request did not survive being written out again).
    static func fieldValue(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }

    /// RFC 3986 `unreserved`, `sub-delims`, and what userinfo, ports, IP literals and
    /// percent-encoding add.
    private static func isAuthorityCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: authorityPunctuation.contains(byte)
        }
    }

    private static let authorityPunctuation = Set("-._~!$&'()*+,;=:@[]%".utf8)

    private static let http11 = Array("HTTP/1.1".utf8), http10 = Array("HTTP/1.0".utf8)

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        tokenCharacters[Int(byte)]
    }

    /// `tchar` by byte value: a table, since header names are checked byte by byte for
    /// every request.
    private static let tokenCharacters: [Bool] = (0 ... 255).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The registered methods llhttp knows (RFC 9110, PATCH, WebDAV, QUERY, …), the most
    /// used first; routes answer 405 to those they do not serve, anything else gets 501.
    private static let knownMethods: [[UInt8]] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE", "QUERY",
        "COPY", "LOCK", "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND", "UNBIND", "ACL",
        "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "PURGE",
        "MKCALENDAR", "LINK", "UNLINK", "SOURCE",
    ].map { Array($0.utf8) }
}
