/// What the access log says of an answer besides its status, never sent: a cache outcome
/// (`cache=hit`), a refusal's reason (`reason=client_limit`). Written as `NAME=VALUE` in the
/// text format and as a `"NAME":"VALUE"` field in JSON; made once (a cached answer's is
/// shared by every answer it gives), so a line copies its bytes.
public struct AccessLogNote: Sendable, Equatable {
    /// The field's name: ASCII letters and underscores.
    public let name: String
    /// Its value: ASCII letters, digits and underscores.
    public let value: String
    /// `NAME=VALUE`.
    let text: [UInt8]
    /// `"NAME":"VALUE"`.
    let json: [UInt8]

    /// The note `name=value`; both are the code's own words, never a client's.
    public init(_ name: StaticString, _ value: String) {
        self.name = name.description
        self.value = value
        text = Array("\(name)=\(value)".utf8)
        json = Array("\"\(name)\":\"\(value)\"".utf8)
    }

    public static func == (a: AccessLogNote, b: AccessLogNote) -> Bool { a.name == b.name && a.value == b.value }
}
