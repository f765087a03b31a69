/// Writes the head of a response: status line, the response's fields, then the
/// `Content-Length`, `Date` and `Connection` fields the transport owns.
public enum HTTPResponseSerializer {
    /// The head bytes of `response` to `request` (the body is sent separately, and not at
    /// all for HEAD or 304). `date` is an IMF-fixdate.
    public static func head(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        writeHead(response, version: version, keepAlive: keepAlive, date: Array(date.utf8), to: &bytes)
        return bytes
    }

    /// Appends the head of `response` to `bytes` (an output buffer: no array of its own).
    /// `date` is an IMF-fixdate's bytes. Runs for every answer, so it copies prepared
    /// bytes rather than formatting text.
    public static func writeHead(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: [UInt8], to bytes: inout [UInt8]) {
        date.withUnsafeBytes { writeHead(response, version: version, keepAlive: keepAlive, date: $0, to: &bytes) }
    }

    /// As above, with the date's bytes wherever the caller keeps them.
    public static func writeHead(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: UnsafeRawBufferPointer,
                                 to bytes: inout [UInt8]) {
        bytes.append(contentsOf: statusLine(response.status, version: version))
        if let wire = response.headers.wireForm {
            bytes.append(contentsOf: wire)
        } else {
            appendFields(response.headers, to: &bytes)
        }
        appendContentLength(of: response, to: &bytes)
        appendTransportFields(version: version, keepAlive: keepAlive, date: date, to: &bytes)
    }

    /// Appends the head of a prepared response: its status line and fields as prepared,
    /// then `Date` and `Connection`.
    public static func writeHead(_ response: HTTPPreparedResponse, version: HTTPVersion, keepAlive: Bool, date: [UInt8],
                                 to bytes: inout [UInt8]) {
        date.withUnsafeBytes { writeHead(response, version: version, keepAlive: keepAlive, date: $0, to: &bytes) }
    }

    /// As above, with the date's bytes wherever the caller keeps them. Appends only from
    /// pointers: a cached answer's head is written without counting a reference.
    public static func writeHead(_ response: HTTPPreparedResponse, version: HTTPVersion, keepAlive: Bool, date: UnsafeRawBufferPointer,
                                 to bytes: inout [UInt8]) {
        response.withHead(version) { bytes.append(contentsOf: $0) }
        appendTransportFields(version: version, keepAlive: keepAlive, date: date, to: &bytes)
    }

    /// `Content-Length: N` of `response`'s body, for every status but 304 and 204.
    static func appendContentLength(of response: HTTPResponse, to bytes: inout [UInt8]) {
        guard response.status != 304 && response.status != 204 else { return }
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
        (100 ... 599).map { status in Array("\(version.rawValue) \(status) \(HTTPResponse.reason(status))\r\n".utf8) }
    }

    static func statusLine(_ status: Int, version: HTTPVersion) -> [UInt8] {
        guard (100 ... 599).contains(status) else { return Array("\(version.rawValue) \(status) Status\r\n".utf8) }
        return statusLines[version == .http10 ? 0 : 1][status - 100]
    }

    /// Appends `value` (≥ 0) in decimal, without making a string.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = max(0, value), count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Appends `headers` as `name: value` lines, leaving out the fields the transport writes.
    static func appendFields(_ headers: HTTPHeaders, to bytes: inout [UInt8]) {
        for field in headers where !isTransportField(field.name) {
            bytes.append(contentsOf: field.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
    }

    /// Fields the transport writes itself.
    private static func isTransportField(_ name: String) -> Bool {
        HTTPHeaders.sameName(name, "Content-Length") || HTTPHeaders.sameName(name, "Date") || HTTPHeaders.sameName(name, "Connection")
    }

    /// Whether the body goes on the wire.
    public static func sendsBody(_ response: HTTPResponse, headOnly: Bool) -> Bool {
        !headOnly && response.status != 304 && response.status != 204
    }
}
