import SpinnerModel
import SpinnerService

/// `spinnerd kinds [KIND …]`: every kind (or those named) with its parameters, defaults,
/// ranges and formats, those every kind shown takes alike listed once first; an unknown
/// kind exits 2 naming the kinds. `spinnerd kinds --json`
/// prints the catalog `/spinners` serves — kinds, parameters, formats and their encoder
/// efforts — for tools (the Python suites read their kinds and formats from it).
enum KindsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments == ["--json"] {
            Console.out(String(decoding: Catalog.json(version: ServiceVersion.text), as: UTF8.self))
            return 0
        }
        var kinds: [SpinnerKind] = []
        for name in arguments {
            guard let kind = SpinnerKind(rawValue: name.lowercased()) else {
                let names = SpinnerKind.allCases.map(\.rawValue)
                let guess = Suggestion.closest(to: name.lowercased(), in: names).map { "did you mean '\($0)'? " } ?? ""
                Console.error("spinnerd kinds: there is no kind '\(name)'; \(guess)kinds are " + names.joined(separator: ", ")
                              + "\n" + Usage.hint)
                return 2
            }
            kinds.append(kind)
        }
        let shown = kinds.isEmpty ? SpinnerKind.allCases : kinds
        // A parameter every kind shown takes alike (same type, default, formats and words)
        // is listed once, before the kinds.
        let shared = shown.dropFirst().reduce(Set(shown[0].parameters)) { $0.intersection($1.parameters) }
        if shown.count > 1 && !shared.isEmpty {
            Console.out("every kind — the parameters all of them take alike:")
            for definition in shown[0].parameters where shared.contains(definition) { describe(definition) }
            Console.out("")
        }
        for kind in shown {
            Console.out("\(kind.rawValue) — \(kind.design.summary)")
            if shown.count > 1 && !shared.isEmpty { Console.out("  (and every kind's parameters, above)") }
            for definition in kind.parameters where shown.count == 1 || !shared.contains(definition) { describe(definition) }
            Console.out("")
        }
        return 0
    }

    /// Two lines for one parameter: `name=accepted  [formats]`, then what it does.
    private static func describe(_ definition: ParameterDefinition) {
        let formats = definition.formats.count == OutputFormat.allCases.count ? "" :
            "  [" + OutputFormat.allCases.filter(definition.formats.contains).map(\.rawValue).joined(separator: ", ") + "]"
        Console.out("  \(definition.name.rawValue)=\(accepted(definition.type))\(formats)")
        Console.out("      \(definition.summary)")
    }

    /// `value (default …)` for one parameter type.
    static func accepted(_ type: ParameterType) -> String {
        switch type {
        case .integer(let value, let range):
            return "\(range.lowerBound)…\(range.upperBound) (default \(value))"
        case .decimal(let value, let range, let unit, let absent):
            let suffix = unit.map { " " + $0 } ?? ""
            let fallback = value.map { "\($0)\(suffix)" } ?? absent ?? ""
            return "\(range.lowerBound)…\(range.upperBound)\(suffix) (default \(fallback))"
        case .color(let value, let absent):
            return "colour (default \(value?.canonicalText ?? absent))"
        case .paint(let value, let absent, let conic):
            return "colour or " + (conic ? "linear/radial/conic" : "linear/radial") + " gradient (default \(value?.canonicalText ?? absent))"
        case .dropShadow(let absent):
            return "radius[,x,y[,colour]] in pt (default \(absent))"
        case .choice(let value, let options):
            return options.joined(separator: "|") + " (default \(value))"
        case .text(let value, _):  // its length limit is in the summary
            return "text (default \(value))"
        case .token(let maxLength):
            return "1–\(maxLength) of \(ParameterType.tokenCharacters) (default none)"
        }
    }
}
