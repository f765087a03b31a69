import HTTPServer
import ImageCodecs
import SpinnerModel
import SpinnerService
import SpinnerRendering

/// The words after `render`, `frames`, `cost` or `sign`: `KIND [key=value …] -o PATH`
/// and the command's own `--name VALUE` options, parsed the same way for all, plus how a
/// failure is reported (exit 2 for refused input, 1 otherwise). The kind may be written as
/// a URL's path is, query and all (`circular.gif?stroke=15&size=40`, or the whole
/// `/spinner/…` path copied from a page). Nothing here asks for the output: a command
/// validates the request first, so a refused kind or parameter is what it reports, not a
/// missing `-o`.
struct Invocation {
    let kind: String
    /// The format of `KIND.ext` (`spinnerd render circular.gif`, as URLs allow).
    let kindFormat: OutputFormat?
    /// The URL's query items (if the kind was written with one), then the `key=value` words.
    let query: [(name: String, value: String)]
    /// `-o PATH`, when given.
    let output: String?
    /// The values of the command's own options (`--name VALUE` or `--name=VALUE`), by name.
    let options: [String: String]
    /// The command's own switches given (`--name`, no value).
    let flags: Set<String>

    /// Parses `arguments`, printing the problem and where the usage is on failure;
    /// `options` the names of the command's own options, `flags` of its switches.
    static func parse(_ arguments: [String], command: String, options names: Set<String> = [],
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
            // A URL's path (`circular.gif?size=40`, `…/spinner/arc`) names the kind even with `=` in its query.
            // A value may hold `/` (`color=rgb(0 0 0 / 50%)`): only the part before the first `=` says.
            let key = word[..<(word.firstIndex(of: "=") ?? word.endIndex)]
            let isPath = key.contains("/") || key.contains("?")
            if let equals = word.firstIndex(of: "="), !word.hasPrefix("-"), !isPath {
                query.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
            } else if kind == nil && !word.hasPrefix("-") {
                kind = word
            } else {
                return fail("unexpected argument '\(word)'")
            }
        }
        var options = words.values
        let output = options.removeValue(forKey: "output")
        let flags = Set(switches.filter { words.values[$0].flatMap(ServeSetting.truth) == true })
        for name in switches { options.removeValue(forKey: name) }
        guard var word = kind else { return fail("missing KIND") }
        // A URL's path as people copy it: `/spinner/circular.gif?size=40` or `circular.gif?size=40`.
        if let question = word.firstIndex(of: "?") {
            query = URLComponentsDecoding.query(of: String(word[question...])) + query
            word = String(word[..<question])
        }
        if let spinnerPath = word.ranges(of: ServicePaths.spinner("")).last {
            word = String(word[spinnerPath.upperBound...])
        }
        guard !word.isEmpty else { return fail("missing KIND") }
        // `circular.gif` names the kind and the format, as a URL's path does.
        var kindFormat: OutputFormat? = nil
        var kindName = word
        if let dot = word.lastIndex(of: ".") {
            let suffix = String(word[word.index(after: dot)...])
            guard let format = OutputFormat(fileExtension: suffix) else {
                return fail("unknown extension '.\(suffix)' in '\(word)'; spinnerd writes \(Self.extensions)")
            }
            kindFormat = format
            kindName = String(word[..<dot])
        }
        return Invocation(kind: kindName, kindFormat: kindFormat, query: query, output: output, options: options, flags: flags)
    }

    /// The file to write a `format` image to: `-o PATH`, else the kind's name with the
    /// format's extension (`render circular.gif` and `render arc format=gif` write
    /// circular.gif and arc.gif; `render dots`, dots.svg).
    func outputFile(for format: OutputFormat) -> String {
        output ?? kind + "." + format.fileExtension
    }

    /// The last `format=` of `query`, as written, and the format it names (nil if none does).
    static func formatAsked(in query: [(name: String, value: String)]) -> (text: String, format: OutputFormat?)? {
        query.last { $0.name == "format" }.map { ($0.value, OutputFormat(rawValue: $0.value.lowercased())) }
    }

    /// The extensions spinnerd writes: `.svg, .apng, …, .json`.
    static var extensions: String { OutputFormat.allCases.map { "." + $0.fileExtension }.joined(separator: ", ") }

    /// Prints `problem` for `command` and where the usage is (the caller exits 2).
    static func fail(_ command: String, _ problem: String) {
        Console.error("spinnerd \(command): \(problem)\n" + Usage.hint)
    }

    /// A file name or format that cannot be written as asked.
    struct Problem: Error {
        let message: String
    }

    /// The format the words ask for: the kind's extension (`circular.gif`), else, when
    /// `fromOutput`, the output file's; nil leaves it to `format=` (or SVG). An extension
    /// spinnerd does not write, or two sources that disagree (`format=` included), is a
    /// problem: `-o x.jpg` or `format=gif -o x.svg` would write one format under another's name.
    func format(fromOutput: Bool = true) throws(Problem) -> OutputFormat? {
        var named: [(source: String, format: OutputFormat)] = []
        if let kindFormat { named.append(("'\(kind).\(kindFormat.fileExtension)'", kindFormat)) }
        let file = output?.split(separator: "/").last.map(String.init) ?? ""
        if fromOutput, let output, output != "-", let dot = file.lastIndex(of: "."), dot != file.startIndex {
            let suffix = String(file[file.index(after: dot)...])
            guard let format = OutputFormat(fileExtension: suffix) else {
                throw Problem(message: "-o \(output): unknown extension '.\(suffix)'; spinnerd writes \(Self.extensions) "
                              + "(or give no extension and format=)")
            }
            // `.png` is also APNG's own file name (an APNG is a PNG that animates).
            let apngAsked = kindFormat == .apng || Self.formatAsked(in: query)?.format == .apng
            if !(format == .png && apngAsked) { named.append(("-o \(output)", format)) }
        }
        if let (value, format) = Self.formatAsked(in: query), let format {
            named.append(("format=\(value)", format))
        }
        if let first = named.first, let other = named.first(where: { $0.format != first.format }) {
            throw Problem(message: "\(first.source) is \(first.format.displayName) but \(other.source) is \(other.format.displayName)")
        }
        return named.first { !$0.source.hasPrefix("format=") }?.format
    }

    /// Prints `error` for people and returns the exit status.
    static func report(_ error: any Error) -> Int32 {
        var refused: RequestError? = error as? RequestError
        if case .request(let inner)? = error as? RenderError { refused = inner }
        guard let refused else {
            Console.error("spinnerd: render failed: \(error)")
            return 1
        }
        // Each thing once: the detail names the parameter, the value and (mostly) what is
        // accepted; the lines below add only what it does not say.
        // (The detail is a sentence that says what was refused; the title would say it again.)
        var lines = ["spinnerd: \(refused.detail)"]
        if let parameter = refused.parameter, !refused.detail.contains(parameter) { lines.append("  parameter: \(parameter)") }
        if !refused.detailSaysWhatIsAccepted { lines.append("  accepted: \(refused.accepted)") }
        Console.error(lines.joined(separator: "\n"))
        return 2
    }
}
