/// The IPv4 address a connection came from: what the per-client limits count by.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address in host byte order (127.0.0.1 is 0x7F000001).
    public let value: UInt32

    public init(_ value: UInt32) {
        self.value = value
    }

    /// From dotted-quad text; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard part.count <= 3, let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        self.value = value
    }

    public var description: String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }
}
