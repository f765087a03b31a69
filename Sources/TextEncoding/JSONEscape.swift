/// JSON's escapes for ASCII (RFC 8259 §7), the one rule every JSON writer here follows: the
/// Lottie writer and the OpenAPI document's YAML (`JSONString`), and the access and event
/// logs (HTTPServer's `LogBuffer`), which write bytes straight into their buffer.
public enum JSONEscape {
    /// How one ASCII byte is written inside a JSON string.
    public enum Written: Equatable, Sendable {
        /// As it is.
        case itself
        /// A backslash, then this byte: `\"`, `\\`, `\n`, `\r`, `\t`.
        case backslashed(UInt8)
        /// `\u00` and the byte's two lower-case hex digits: the other control characters
        /// and DEL (which a YAML reader does not print).
        case unicode
    }

    /// How the ASCII byte `byte` (below 0x80) is written inside a JSON string. Inlinable:
    /// the access log asks it for every byte of a target, in its event loop's hot path.
    @inlinable @inline(__always)
    public static func written(_ byte: UInt8) -> Written {
        switch byte {
        case UInt8(ascii: "\""): .backslashed(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): .backslashed(UInt8(ascii: "\\"))
        case UInt8(ascii: "\n"): .backslashed(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): .backslashed(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): .backslashed(UInt8(ascii: "t"))
        case 0 ..< 0x20, 0x7F: .unicode
        default: .itself
        }
    }

    /// Lower-case hex digits, for `\u00XX`.
    public static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
