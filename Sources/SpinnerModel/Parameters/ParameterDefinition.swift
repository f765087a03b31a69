/// What one parameter of one kind accepts: its type, default, range and the formats it
/// applies to. The catalog (`spinnerd kinds`, `GET /spinners`) and validation both read it.
public struct ParameterDefinition: Hashable, Sendable {
    /// The query key.
    public let name: ParameterName
    /// One line for people: what it changes, with units.
    public let summary: String
    /// Accepted values and default.
    public let type: ParameterType
    /// Formats where the parameter means something; elsewhere it is refused.
    public let formats: Set<OutputFormat>

    public init(_ name: ParameterName, _ summary: String, _ type: ParameterType,
                formats: Set<OutputFormat> = Set(OutputFormat.allCases)) {
        self.name = name
        self.summary = summary
        self.type = type
        self.formats = formats
    }

    /// The value used when the parameter is absent; nil when absence has its own meaning
    /// (for example, colours that come from the chosen style).
    public var defaultValue: ParameterValue? {
        switch type {
        case .integer(let value, _): .integer(value)
        case .decimal(let value, _, _, _): value.map(ParameterValue.decimal)
        case .color(let value, _): value.map(ParameterValue.color)
        case .paint(let value, _, _): value.map(ParameterValue.paint)
        case .dropShadow: nil
        case .choice(let value, _): .choice(value)
        case .text(let value, _): .text(value)
        case .token: nil
        }
    }
}

/// The accepted values of a parameter.
public enum ParameterType: Hashable, Sendable {
    /// A whole number in `range`.
    case integer(default: Int, range: ClosedRange<Int>)
    /// A decimal rounded to the places of `range`'s bounds, in `range`. `unit` is `s` for
    /// times. With no `default`, `absent` says what happens when it is not given.
    case decimal(default: FixedPoint?, range: ClosedRange<FixedPoint>, unit: String?, absent: String?)
    /// A colour; `absent` says what happens when it is not given and `default` is nil.
    case color(default: ColorValue?, absent: String)
    /// A colour or a CSS gradient (`PaintValue`); `conic` says whether conic gradients are
    /// taken; `absent` as for a colour.
    case paint(default: PaintValue?, absent: String, conic: Bool)
    /// A drop shadow, `radius[,x,y[,color]]` (`DropShadowValue`); none when absent.
    case dropShadow(absent: String)
    /// One of `options`, matched case-insensitively, spelled canonically as listed.
    case choice(default: String, options: [String])
    /// Free text for people (a title), at most `maxLength` bytes of UTF-8, no control characters.
    case text(default: String, maxLength: Int)
    /// A short word of URL-safe characters (`tokenCharacters`), 1 to `maxLength` of them;
    /// none when absent. Its value is `.text`.
    case token(maxLength: Int)

    /// The characters a token may have, as a regular expression's class: letters, digits
    /// and `.` `_` `~` `-`, the ones a URL carries unescaped (RFC 3986's unreserved).
    public static let tokenCharacters = "A-Za-z0-9._~-"
}

/// A validated parameter value.
public enum ParameterValue: Hashable, Sendable {
    case integer(Int)
    case decimal(FixedPoint)
    case color(ColorValue)
    case paint(PaintValue)
    case dropShadow(DropShadowValue)
    case choice(String)
    case text(String)

    /// The one canonical spelling, used in the cache key. Text is percent-encoded so it
    /// cannot break the `key=value&…` form.
    public var canonicalText: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): value.description
        case .color(let value): value.canonicalText
        case .paint(let value): value.canonicalText
        case .dropShadow(let value): value.canonicalText
        case .choice(let value): value
        case .text(let value): ParameterValue.percentEncoded(value)
        }
    }
}

extension ParameterValue {
    /// `text` with every byte outside RFC 3986's unreserved set written as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
