/// A number of bytes as operators write one: plain (`1073741824`), with Kubernetes'
/// suffixes (`512Mi`, `1Gi`: powers of 1 024; `500M`, `1G`, `1k`: powers of 1 000; `K` read as
/// `k`), or as podman and Docker write a memory limit (`512m`, `1g`, `100b`: powers of 1 024;
/// Kubernetes' `m` is a thousandth, which no byte count has). A fraction is taken
/// (`1.5Gi`) and rounded down to a whole byte.
enum ByteQuantity {
    private static let suffixes: [(suffix: String, factor: Double)] = [
        ("Ki", 0x1p10), ("Mi", 0x1p20), ("Gi", 0x1p30), ("Ti", 0x1p40), ("Pi", 0x1p50),
        ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12), ("P", 1e15),
        ("b", 1), ("m", 0x1p20), ("g", 0x1p30),
    ]

    /// The bytes `text` names; nil when it names none (no digits, an unknown suffix, a
    /// negative or non-finite number, more than `Int` holds).
    static func bytes(_ text: String) -> Int? {
        if let plain = Int(text) { return plain }
        for (suffix, factor) in suffixes where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            // Digits and at most one point: no sign, exponent, space or `nan`.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  number.filter({ $0 == "." }).count <= 1, let value = Double(number) else { return nil }
            let bytes = (value * factor).rounded(.down)
            guard bytes.isFinite, bytes < 0x1p62 else { return nil }
            return Int(bytes)
        }
        return nil
    }
}
