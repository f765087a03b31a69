/// Writes the head of a response: status line, the response's fields, then the
/// `Content-Length`, `Date` and `Connection` fields the transport owns. Every answer is
/// written from an `HTTPPreparedResponse` (a parsed request's is prepared on its way out).
public enum HTTPResponseSerializer {
    /// Appends the head of `response` framed as `framing` to `bytes` (an output buffer:
    /// no array of its own): its status line and fields as prepared, then `Date` (an
    /// IMF-fixdate's bytes, wherever the caller keeps them) and `Connection`. Appends only
    /// from pointers: a cached answer's head is written without counting a reference.
    public static func writeHead(_ response: HTTPPreparedResponse, framing: HTTPFraming, date: UnsafeRawBufferPointer,
                                 to bytes: inout [UInt8]) {
        response.withHead(framing.version) { bytes.append(contentsOf: $0) }
        appendTransportFields(version: framing.version, keepAlive: framing.keepAlive, date: date, to: &bytes)
    }

    /// `Content-Length: N` of `response`'s body, for every status but 304 and 204.
    static func appendContentLength(of response: HTTPResponse, to bytes: inout [UInt8]) {
        guard HTTPFraming.statusHasBody(response.status) else { return }
        append("Content-Length: ", to: &bytes)
        appendDecimal(response.bodyLength, to: &bytes)
        append("\r\n", to: &bytes)
    }

    /// `Date`, `Connection` when it is not HTTP/1.1's default, and the empty line.
    private static func appendTransportFields(version: HTTPVersion, keepAlive: Bool, date: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        append("Date: ", to: &bytes)
        bytes.append(contentsOf: date)
        append("\r\n", to: &bytes)
        if !keepAlive {
            append("Connection: close\r\n", to: &bytes)
        } else if version == .http10 {
            append("Connection: keep-alive\r\n", to: &bytes)
        }
        append("\r\n", to: &bytes)
    }

    /// Appends a constant's bytes (from the binary: no array, no reference counted).
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `HTTP/1.x NNN Reason\r\n`, prepared for every status from 100 to 599.
    private static let statusLines: [[[UInt8]]] = [HTTPVersion.http10, .http11].map { version in
        (100 ... 599).map { code in Array("\(version.rawValue) \(code) \(HTTPStatus(code: code).reasonPhrase)\r\n".utf8) }
    }

    static func statusLine(_ status: HTTPStatus, version: HTTPVersion) -> [UInt8] {
        statusLines[version == .http10 ? 0 : 1][status.code - 100]
    }

    /// Appends `value` (≥ 0) in decimal, without making a string.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        DecimalDigits.with(UInt64(max(0, value))) { bytes.append(contentsOf: $0) }
    }

    /// Appends `headers` as `name: value` lines, leaving out the fields the transport writes.
    static func appendFields(_ headers: HTTPHeaders, to bytes: inout [UInt8]) {
        for field in headers where !isTransportField(field.name) {
            bytes.append(contentsOf: field.name.rawName.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
    }

    /// Fields the transport writes itself.
    private static func isTransportField(_ name: HTTPFieldName) -> Bool {
        name == .contentLength || name == .date || name == .connection
    }
}
