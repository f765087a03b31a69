import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// The words after `render`, `frames`, `cost` or `sign`: `KIND [key=value …] -o PATH`
/// and the command's own `--name VALUE` options, parsed the same way for all, plus how a
/// failure is reported (exit 2 for refused input, 1 otherwise).
struct Invocation {
    let kind: String
    let query: [(name: String, value: String)]
    let output: String
    /// The values of the command's own options (`--name VALUE` or `--name=VALUE`), by name.
    let options: [String: String]
    /// The command's own switches given (`--name`, no value).
    let flags: Set<String>

    /// Parses `arguments`, printing the problem and usage on failure; `needsOutput` false
    /// for commands that write no file; `options` the names of the command's own options,
    /// `flags` of its switches.
    static func parse(_ arguments: [String], command: String, needsOutput: Bool = true, options names: Set<String> = [],
                      flags switches: Set<String> = []) -> Invocation? {
        func fail(_ problem: String) -> Invocation? {
            Self.fail(command, problem)
            return nil
        }
        let words: OptionWords
        switch OptionWords.parse(arguments, switches: switches, takesValue: names.union(["output"])) {
        case .success(let parsed): words = parsed
        case .failure(let error): return fail(error.message)
        }
        var kind: String? = nil
        var query: [(name: String, value: String)] = []
        for word in words.rest {
            if let equals = word.firstIndex(of: "="), !word.hasPrefix("-") {
                query.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
            } else if kind == nil && !word.hasPrefix("-") {
                kind = word
            } else {
                return fail("unexpected argument '\(word)'")
            }
        }
        var options = words.values
        let output = options.removeValue(forKey: "output")
        let flags = Set(switches.filter { words.values[$0].flatMap(ServeOptions.truth) == true })
        for name in switches { options.removeValue(forKey: name) }
        guard let kind else { return fail("missing KIND") }
        guard let output = output ?? (needsOutput ? nil : "") else { return fail("missing -o PATH") }
        return Invocation(kind: kind, query: query, output: output, options: options, flags: flags)
    }

    /// Prints `problem` for `command` with the usage (the caller exits 2).
    static func fail(_ command: String, _ problem: String) {
        Console.error("spinnerd \(command): \(problem)\n\n" + Usage.text)
    }

    /// The format the path's extension asks for, unless `format=` is given (the request
    /// parser then decides); `fallback` when neither says.
    func format(default fallback: OutputFormat? = nil) -> OutputFormat? {
        guard !query.contains(where: { $0.name == "format" }) else { return nil }
        let name = output.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return fallback }
        return OutputFormat(fileExtension: String(name[name.index(after: dot)...])) ?? fallback
    }

    /// Prints `error` for people and returns the exit status.
    static func report(_ error: any Error) -> Int32 {
        var refused: RequestError? = error as? RequestError
        if case .request(let inner)? = error as? RenderError { refused = inner }
        guard let refused else {
            Console.error("spinnerd: render failed: \(error)")
            return 1
        }
        var lines = ["spinnerd: \(refused.title): \(refused.detail)"]
        if let parameter = refused.parameter { lines.append("  parameter: \(parameter)") }
        if let value = refused.value { lines.append("  value: \(value)") }
        lines.append("  accepted: \(refused.accepted)")
        Console.error(lines.joined(separator: "\n"))
        return 2
    }
}
