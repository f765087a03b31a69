/// Writes the head of a response: status line, the response's fields, then the
/// `Content-Length`, `Date` and `Connection` fields the transport owns.
public enum HTTPResponseSerializer {
    /// The head bytes of `response` to `request` (the body is sent separately, and not at
    /// all for HEAD or 304). `date` is an IMF-fixdate.
    public static func head(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        writeHead(response, version: version, keepAlive: keepAlive, date: date, to: &bytes)
        return bytes
    }

    /// Appends the head of `response` to `bytes` (an output buffer: no array of its own).
    public static func writeHead(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, date: String, to bytes: inout [UInt8]) {
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        append(version == .http10 ? "HTTP/1.0 " : "HTTP/1.1 ")
        append(String(response.status))
        append(" ")
        append(HTTPResponse.reason(response.status))
        append("\r\n")
        if let wire = response.headers.wireForm {
            bytes.append(contentsOf: wire)
        } else {
            appendFields(response.headers, to: &bytes)
        }
        if response.status != 304 && response.status != 204 {
            append("Content-Length: ")
            append(String(response.bodyLength))
            append("\r\n")
        }
        append("Date: ")
        append(date)
        append("\r\n")
        if !keepAlive {
            append("Connection: close\r\n")
        } else if version == .http10 {
            append("Connection: keep-alive\r\n")
        }
        append("\r\n")
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
