/// Header fields in arrival order, looked up case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Sequence {
    private var fields: [(name: HTTPFieldName, value: String)] = []
    /// The fields as the serializer writes them, when `prepareWireForm()` was called and
    /// nothing changed since (every mutation drops it).
    private(set) var wireForm: [UInt8]?

    public init(_ fields: [(HTTPFieldName, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, if present.
    public subscript(name: HTTPFieldName) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: HTTPFieldName) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// Every value of `name` joined with `, ` as one list (RFC 9110 §5.3), nil when absent.
    public func joinedValues(_ name: HTTPFieldName) -> String? {
        let found = values(name)
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }

    /// Appends a field.
    public mutating func add(_ name: HTTPFieldName, _ value: String) {
        wireForm = nil
        fields.append((name, value))
    }

    /// Replaces every field called `name` with one.
    public mutating func set(_ name: HTTPFieldName, _ value: String) {
        wireForm = nil
        fields.removeAll { $0.name == name }
        fields.append((name, value))
    }

    /// Removes every field called `name`.
    public mutating func remove(_ name: HTTPFieldName) {
        wireForm = nil
        fields.removeAll { $0.name == name }
    }

    /// Serializes the fields once, for headers sent many times (a cached response's): the
    /// serializer then copies these bytes instead of writing each field again.
    public mutating func prepareWireForm() {
        var bytes: [UInt8] = []
        HTTPResponseSerializer.appendFields(self, to: &bytes)
        wireForm = bytes
    }

    /// Number of fields.
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: HTTPFieldName, value: String)]> {
        fields.makeIterator()
    }

    /// True when a comma-separated header `name` lists `token` (case-insensitive), as
    /// `Connection: keep-alive, Upgrade` lists `keep-alive`.
    public func contains(token: String, in name: HTTPFieldName) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains { HTTPFieldName.sameName($0.trimmingOptionalWhitespace(), token) }
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (RFC 9110 §5.6.3 "OWS"), as list
    /// items in header values are read.
    public func trimmingOptionalWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
