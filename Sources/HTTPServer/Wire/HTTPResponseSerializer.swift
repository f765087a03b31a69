/// Writes the head of a response: status line, the response's fields, then the
/// `Content-Length`, `Date` and `Connection` fields the transport owns.
public enum HTTPResponseSerializer {
    /// The head bytes of `response` to `request` (the body is sent separately, and not at
    /// all for HEAD or 304). `date` is an IMF-fixdate.
    public static func head(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, headOnly: Bool, date: String) -> [UInt8] {
        var text = "\(version == .http10 ? "HTTP/1.0" : "HTTP/1.1") \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for field in response.headers where !["content-length", "date", "connection"].contains(field.name.lowercased()) {
            text += "\(field.name): \(field.value)\r\n"
        }
        if response.status != 304 && response.status != 204 { text += "Content-Length: \(response.body.count)\r\n" }
        text += "Date: \(date)\r\n"
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if version == .http10 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// Whether the body goes on the wire.
    public static func sendsBody(_ response: HTTPResponse, headOnly: Bool) -> Bool {
        !headOnly && response.status != 304 && response.status != 204
    }
}
