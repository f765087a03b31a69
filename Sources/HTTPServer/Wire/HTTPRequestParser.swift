#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.x request parsing as a pure function of bytes (RFC 9112), like swift-nio's
/// `HTTPDecoder`: no sockets, no state between calls, every limit from `HTTPParserLimits`.
///
/// Two steps: `scan` finds and checks every part of a request where it lies, making no
/// text and allocating nothing (what the transport's fast path for prepared answers
/// needs), and `request(from:in:)` makes the `HTTPRequest` of a scanned head. `parse`
/// does both.
///
/// Strict where a lenient reading could differ from a proxy's in front (request
/// smuggling): lines end in CRLF only (a bare LF is refused), `Content-Length` must be
/// one field holding digits only, `Transfer-Encoding` is refused, methods llhttp does
/// not know get 501. It accepts nothing that llhttp (Node's parser) refuses — a differential test
/// checks that.
public enum HTTPRequestParser {
    /// Parses the request at the front of `bytes`.
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseResult {
        bytes.withUnsafeBufferPointer { buffer in
            switch scan(buffer, limits: limits) {
            case .incomplete: .incomplete
            case .failure(let error): .failure(error)
            case .head(let head): .request(request(from: head, in: buffer), consumed: head.consumed)
            }
        }
    }

    /// Finds and checks the request at the front of `bytes` (offsets in the head count
    /// from `bytes`' start), refusing exactly what `parse` refuses.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPScanResult {
        var index = 0
        // RFC 9112 §2.2: ignore empty lines before the request line (they count towards
        // its limit, so a stream of them cannot grow the buffer).
        while index < bytes.count, bytes[index] == cr || bytes[index] == lf { index += 1 }
        let lineStart = index

        let requestLineEnd: (contentEnd: Int, next: Int)
        switch lineEnd(in: bytes, from: lineStart) {
        case .none:
            // A CR at the end may be the line's own, its LF still to come: it is not
            // content, or a line of exactly the limit would be refused when its CR and
            // LF arrive apart and accepted when they arrive together (found by fuzzing).
            let pending = bytes.count - (bytes.last == cr ? 1 : 0)
            return pending > limits.maxRequestLineBytes
                ? .failure(HTTPParseError(.uriTooLong, "request line too long")) : .incomplete
        case .bareLineFeed?:
            return .failure(HTTPParseError(.badRequest, "a line ends in LF without CR"))
        case .line(let contentEnd, let next)?:
            requestLineEnd = (contentEnd, next)
        }
        guard requestLineEnd.contentEnd <= limits.maxRequestLineBytes else {
            return .failure(HTTPParseError(.uriTooLong, "request line too long"))
        }
        let line: RequestLine
        switch scanRequestLine(bytes, lineStart ..< requestLineEnd.contentEnd) {
        case .success(let found): line = found
        case .failure(let error): return .failure(error)
        }

        var fields = FieldSummary()
        index = requestLineEnd.next
        let headerStart = index
        while true {
            let end: (contentEnd: Int, next: Int)
            switch lineEnd(in: bytes, from: index) {
            case .none:
                return bytes.count - headerStart > limits.maxHeaderBytes
                    ? .failure(HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large")) : .incomplete
            case .bareLineFeed?:
                return .failure(HTTPParseError(.badRequest, "a line ends in LF without CR"))
            case .line(let contentEnd, let next)?:
                end = (contentEnd, next)
            }
            guard end.next - headerStart <= limits.maxHeaderBytes else {
                return .failure(HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large"))
            }
            if end.contentEnd == index { break }  // the empty line
            guard fields.count < limits.maxHeaderCount else { return .failure(HTTPParseError(.requestHeaderFieldsTooLarge, "too many header fields")) }
            if let error = fields.scan(bytes, index ..< end.contentEnd) { return .failure(error) }
            index = end.next
        }
        let fieldLines = headerStart ..< index
        index += 2  // the empty line's CRLF

        if line.version == .http11 && fields.hosts != 1 {
            return .failure(HTTPParseError(.badRequest, "an HTTP/1.1 request needs exactly one Host field"))
        }
        if fields.transferEncoding {
            if fields.contentLengths > 0 {
                return .failure(HTTPParseError(.badRequest, "both Transfer-Encoding and Content-Length"))
            }
            return .failure(HTTPParseError(.notImplemented, "request bodies with Transfer-Encoding are not supported"))
        }
        var bodyLength = 0
        if let value = fields.contentLength {
            // One field, digits only: repeated fields and lists (`3, 3`) are refused, as
            // llhttp refuses them, rather than read one way here and another in front.
            guard fields.contentLengths == 1, !value.isEmpty, value.count <= 12,
                  bytes[value].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(HTTPParseError(.badRequest, "invalid Content-Length"))
            }
            let length = bytes[value].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard length <= limits.maxBodyBytes else { return .failure(HTTPParseError(.contentTooLarge, "request body too large")) }
            bodyLength = length
        }
        guard bytes.count - index >= bodyLength else { return .incomplete }
        return .head(HTTPRequestHead(method: line.method, target: line.target,
                                     targetIsOriginForm: bytes[line.target.lowerBound] == slash, version: line.version,
                                     fieldLines: fieldLines, ifNoneMatch: fields.ifNoneMatch, acceptEncoding: fields.acceptEncoding,
                                     connectionClose: fields.connectionClose, connectionKeepAlive: fields.connectionKeepAlive,
                                     body: index ..< index + bodyLength))
    }

    /// The first `byte` in `range` of `bytes` (memchr).
    static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress, let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// True when `bytes` are `expected` (memcmp).
    static func same(_ expected: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard expected.count == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return expected.withUnsafeBufferPointer { wanted in wanted.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false }
    }

    static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), slash = UInt8(ascii: "/")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), colon = UInt8(ascii: ":")

    /// How the line starting at some index ends.
    private enum LineEnd {
        /// With CRLF: where its content ends and the next line starts.
        case line(contentEnd: Int, next: Int)
        /// With a bare LF, which RFC 9112 §2.2 lets a server accept and llhttp refuses.
        case bareLineFeed
    }

    /// The end of the line starting at `start`, or nil when it has not arrived yet.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> LineEnd? {
        // memchr: the generic firstIndex(of:) was a tenth of the parse.
        guard start < bytes.count, let base = bytes.baseAddress, let hit = memchr(base + start, Int32(lf), bytes.count - start) else { return nil }
        let newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        guard newline > start && bytes[newline - 1] == cr else { return .bareLineFeed }
        return .line(contentEnd: newline - 1, next: newline + 1)
    }

    /// The parts of a request line.
    private struct RequestLine {
        let method: HTTPMethod
        let target: Range<Int>
        let version: HTTPVersion
    }

    private static func scanRequestLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Result<RequestLine, HTTPParseError> {
        // method SP request-target SP HTTP-version, with exactly two single spaces.
        guard let firstSpace = find(space, in: bytes, line.lowerBound ..< line.upperBound),
              let secondSpace = find(space, in: bytes, (firstSpace + 1) ..< line.upperBound),
              find(space, in: bytes, (secondSpace + 1) ..< line.upperBound) == nil else {
            return .failure(HTTPParseError(.badRequest, "malformed request line"))
        }
        let method = line.lowerBound ..< firstSpace, target = (firstSpace + 1) ..< secondSpace
        let version = UnsafeBufferPointer(rebasing: bytes[(secondSpace + 1) ..< line.upperBound])
        guard !method.isEmpty, bytes[method].allSatisfy(isTokenCharacter) else {
            return .failure(HTTPParseError(.badRequest, "malformed request line"))
        }
        // RFC 9110 §9.1: an unrecognised method is answered 501 (llhttp refuses it too).
        let methodBytes = UnsafeBufferPointer(rebasing: bytes[method])
        guard let known = HTTPMethod.tokens.first(where: { same($0.bytes, methodBytes) })?.method else {
            return .failure(HTTPParseError(.notImplemented, "unknown method"))
        }
        let parsedVersion: HTTPVersion
        if same(http11, version) {
            parsedVersion = .http11
        } else if same(http10, version) {
            parsedVersion = .http10
        } else {
            let looksLikeHTTP = version.starts(with: http11.prefix(5)) && version.count == 8
            return .failure(HTTPParseError(looksLikeHTTP ? .httpVersionNotSupported : .badRequest, looksLikeHTTP ? "only HTTP/1.0 and HTTP/1.1" : "malformed request line"))
        }
        guard !target.isEmpty, ByteScanning.allVisibleASCII(UnsafeBufferPointer(rebasing: bytes[target])) else {
            return .failure(HTTPParseError(.badRequest, "malformed request target"))
        }
        // RFC 9112 §3.2.2: a server must accept the absolute form (its path and query are kept).
        if bytes[target.lowerBound] != slash {
            guard let authority = absoluteFormAuthority(bytes, target) else {
                return .failure(HTTPParseError(.badRequest, "request target must be a path"))
            }
            // RFC 3986 authority characters only (llhttp refuses others, `#` among them).
            guard bytes[authority].allSatisfy(isAuthorityCharacter) else {
                return .failure(HTTPParseError(.badRequest, "malformed request target"))
            }
        }
        return .success(RequestLine(method: known, target: target, version: parsedVersion))
    }

    /// Where the authority of an absolute-form target (`http://host:port/path`) lies, or
    /// nil when the target is not one (its scheme is not http or https, in any case).
    static func absoluteFormAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ target: Range<Int>) -> Range<Int>? {
        for scheme in schemes where target.count >= scheme.count
            && zip(bytes[target.lowerBound ..< target.lowerBound + scheme.count], scheme).allSatisfy({ ($0 | 0x20) == $1 || $0 == $1 }) {
            let start = target.lowerBound + scheme.count
            let end = (start ..< target.upperBound).first { bytes[$0] == slash || bytes[$0] == UInt8(ascii: "?") } ?? target.upperBound
            return start ..< end
        }
        return nil
    }

    /// `http://` and `https://`, lowercase (matched with the letters' case ignored).
    private static let schemes = [Array("http://".utf8), Array("https://".utf8)]

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
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
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
}
