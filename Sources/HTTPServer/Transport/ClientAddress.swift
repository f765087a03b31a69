/// The IPv4 address a connection came from: what the per-client limits count by.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address in host byte order (127.0.0.1 is 0x7F000001).
    public let value: UInt32

    public init(_ value: UInt32) {
        self.value = value
    }

    /// From dotted-quad text; nil when it is not one.
    public init?(_ text: String) {
        var text = text
        guard let address = text.withUTF8({ ClientAddress(ascii: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = address
    }

    /// From dotted-quad ASCII (four decimal numbers of one to three digits, each at most
    /// 255, between dots); nil when it is not one.
    init?(ascii bytes: UnsafeRawBufferPointer) {
        var value: UInt32 = 0, part: UInt32 = 0, digits = 0, parts = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return nil }
                value = value << 8 | part
                parts += 1
                part = 0
                digits = 0
            } else {
                guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte), digits < 3 else { return nil }
                part = part * 10 + UInt32(byte - UInt8(ascii: "0"))
                digits += 1
                guard part <= 255 else { return nil }
            }
        }
        guard digits > 0, parts == 3 else { return nil }
        self.value = value << 8 | part
    }

    public var description: String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }
}
