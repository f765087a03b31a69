/// The words of a command line split into options and the rest, the same way for every
/// command: `--name value`, `--name=value`, and switches (`--name` alone means true;
/// `--name=false` turns one off).
struct OptionWords {
    /// Each option's value, by name (a bare switch's is "true").
    var values: [String: String] = [:]
    /// The words that are not options, in order.
    var rest: [String] = []

    /// Splits `words`. `switches` take no value; `takesValue` says which other `--name`
    /// words are options (nil: every one), the others staying in `rest`. `-o` is `--output`.
    static func parse(_ words: [String], switches: Set<String>, takesValue: Set<String>?) -> Result<OptionWords, OptionError> {
        var parsed = OptionWords()
        var remaining = words[...]
        while let word = remaining.popFirst() {
            let long = word == "-o" ? "--output" : word
            guard long.hasPrefix("--") else {
                parsed.rest.append(word)
                continue
            }
            var name = String(long.dropFirst(2))
            var value: String? = nil
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switches.contains(name) {
                parsed.values[name] = value ?? "true"  // a switch: given means on
            } else if takesValue?.contains(name) ?? true {
                guard let given = value ?? remaining.popFirst() else { return .failure(OptionError("\(word) needs a value")) }
                parsed.values[name] = given
            } else {
                parsed.rest.append(word)
            }
        }
        return .success(parsed)
    }
}
