/// Short, stable names for distinct pieces of text (`k0`, `k1`, … for keyframes), in
/// order of first use, so equal content is written once and referred to by name.
struct SVGNames {
    /// The prefix of every name.
    let prefix: String
    /// Names and their content, in order of first use.
    private(set) var entries: [(name: String, content: String)] = []
    private var names: [String: String] = [:]

    init(prefix: String) {
        self.prefix = prefix
    }

    /// The name of `content`, made on first use.
    mutating func name(for content: String) -> String {
        if let known = names[content] { return known }
        let name = prefix + String(entries.count)
        names[content] = name
        entries.append((name, content))
        return name
    }
}
