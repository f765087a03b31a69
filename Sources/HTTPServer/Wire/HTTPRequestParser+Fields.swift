extension HTTPRequestParser {
    /// What the scan keeps of the field lines: counts and places of the fields the
    /// transport itself reads, found by comparing bytes (no names or values made).
    struct FieldSummary {
        /// Field lines seen.
        var count = 0
        /// `Host` fields.
        var hosts = 0
        /// `Content-Length` fields, and the first one's value.
        var contentLengths = 0
        var contentLength: Range<Int>?
        /// True when a `Transfer-Encoding` field was sent.
        var transferEncoding = false
        /// `Connection` lists `close` / `keep-alive` (in any of its fields).
        var connectionClose = false
        var connectionKeepAlive = false
        /// The first `If-None-Match` and `Accept-Encoding` values.
        var ifNoneMatch: Range<Int>?
        var acceptEncoding: Range<Int>?

        /// Checks the field line `line` (without its CRLF) and notes it; the error when it
        /// is malformed.
        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> HTTPParseError? {
            guard bytes[line.lowerBound] != space && bytes[line.lowerBound] != tab else {
                return HTTPParseError(.badRequest, "obsolete header folding")
            }
            guard let colon = HTTPRequestParser.find(HTTPRequestParser.colon, in: bytes, line), colon > line.lowerBound,
                  bytes[line.lowerBound ..< colon].allSatisfy(isTokenCharacter) else {
                return HTTPParseError(.badRequest, "malformed header field")
            }
            let value = HTTPRequestParser.fieldValue(bytes, after: colon, lineEnd: line.upperBound)
            guard ByteScanning.allFieldValueBytes(UnsafeBufferPointer(rebasing: bytes[value])) else {
                return HTTPParseError(.badRequest, "control character in a header value")
            }
            count += 1
            let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[line.lowerBound ..< colon]))
            switch name.count {
            case 4 where HTTPHeaderList.equalsIgnoringCase(name, "host"): hosts += 1
            case 10 where HTTPHeaderList.equalsIgnoringCase(name, "connection"):
                HTTPHeaderList.forEachItem(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[value]))) { item in
                    if HTTPHeaderList.equalsIgnoringCase(item, "close") { connectionClose = true }
                    if HTTPHeaderList.equalsIgnoringCase(item, "keep-alive") { connectionKeepAlive = true }
                    return true
                }
            case 13 where HTTPHeaderList.equalsIgnoringCase(name, "if-none-match"): if ifNoneMatch == nil { ifNoneMatch = value }
            case 14 where HTTPHeaderList.equalsIgnoringCase(name, "content-length"):
                contentLengths += 1
                if contentLength == nil { contentLength = value }
            case 15 where HTTPHeaderList.equalsIgnoringCase(name, "accept-encoding"): if acceptEncoding == nil { acceptEncoding = value }
            case 17 where HTTPHeaderList.equalsIgnoringCase(name, "transfer-encoding"): transferEncoding = true
            default: break
            }
            return nil
        }
    }

    /// Where the value of the field whose colon is at `colon` lies: the rest of the line
    /// without leading and trailing spaces and tabs.
    static func fieldValue(_ bytes: UnsafeBufferPointer<UInt8>, after colon: Int, lineEnd: Int) -> Range<Int> {
        var low = colon + 1, high = lineEnd
        while low < high, bytes[low] == space || bytes[low] == tab { low += 1 }
        while high > low, bytes[high - 1] == space || bytes[high - 1] == tab { high -= 1 }
        return low ..< high
    }

    /// The request a scanned `head` describes, its text made from `bytes` (those it was
    /// scanned in).
    public static func request(from head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>) -> HTTPRequest {
        var headers = HTTPHeaders()
        var start = head.fieldLines.lowerBound
        while start < head.fieldLines.upperBound {
            // Every line was checked by the scan: it has a colon and ends in CRLF.
            let end = (start ..< head.fieldLines.upperBound).first { bytes[$0] == cr } ?? head.fieldLines.upperBound
            let colon = (start ..< end).first { bytes[$0] == HTTPRequestParser.colon } ?? end
            headers.add(HTTPFieldName(String(decoding: bytes[start ..< colon], as: UTF8.self)),
                        text(of: bytes[fieldValue(bytes, after: colon, lineEnd: end)]))
            start = end + 2
        }
        return HTTPRequest(method: head.method, target: target(of: head, in: bytes),
                           version: head.version, headers: headers, body: Array(bytes[head.body]))
    }

    /// The target in origin form: as sent, or the path and query of an absolute-form
    /// target (`http://host//a?b` → `/a?b`, `http://host?b` → `/?b`).
    private static func target(of head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard !head.targetIsOriginForm, let authority = absoluteFormAuthority(bytes, head.target) else {
            return String(decoding: bytes[head.target], as: UTF8.self)
        }
        let rest = bytes[authority.upperBound ..< head.target.upperBound].drop { $0 == slash }
        return "/" + String(decoding: rest, as: UTF8.self)
    }

    /// A field value as text. RFC 9110 §5.5: octets above 0x7F (obs-text) are opaque data,
    /// historically ISO-8859-1; they are read as such (each byte one scalar, U+0080–U+00FF),
    /// so distinct bytes stay distinct and the value writes back as the bytes sent. Read as
    /// UTF-8 they became U+FFFD: two different `If-None-Match` values compared equal (found
    /// by fuzzing: the request did not survive being written out again).
    static func text(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }
}
