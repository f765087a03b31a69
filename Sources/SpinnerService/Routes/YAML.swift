import TextEncoding

/// A small YAML writer for generated documents: maps keep their key order, strings are
/// double-quoted (JSON-style escapes, valid YAML), so nothing needs YAML's quoting rules.
indirect enum YAML {
    case map([(String, YAML)])
    case list([YAML])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)

    /// The document text.
    var text: String {
        var lines: [String] = []
        emit(into: &lines, indent: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    private func emit(into lines: inout [String], indent: Int) {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .map(let entries):
            for (key, value) in entries {
                if let scalar = value.scalar {
                    lines.append(pad + YAML.key(key) + ": " + scalar)
                } else {
                    lines.append(pad + YAML.key(key) + ":")
                    value.emit(into: &lines, indent: indent + 2)
                }
            }
        case .list(let items):
            for item in items {
                if let scalar = item.scalar {
                    lines.append(pad + "- " + scalar)
                } else {
                    var nested: [String] = []
                    item.emit(into: &nested, indent: indent + 2)
                    guard let first = nested.first else { continue }
                    lines.append(pad + "- " + first.dropFirst(indent + 2))
                    lines += nested.dropFirst()
                }
            }
        default:
            if let scalar { lines.append(pad + scalar) }
        }
    }

    /// The inline form of scalars and empty collections.
    private var scalar: String? {
        switch self {
        case .string(let text): YAML.quoted(text)
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .integer(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .map(let entries): entries.isEmpty ? "{}" : nil
        case .list(let items): items.isEmpty ? "[]" : nil
        }
    }

    private static func key(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } && !text.isEmpty && !(text.first?.isNumber ?? false)
            ? text : quoted(text)
    }

    /// A double-quoted scalar: JSON's string literal, which YAML 1.2 reads as it is.
    private static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
