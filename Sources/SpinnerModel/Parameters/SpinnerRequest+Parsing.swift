extension SpinnerRequest {
    /// Validates a request from its parts as they arrive (URL path and query, or the
    /// command line's `key=value` words): `kind` from the path, `pathFormat` from the
    /// path's extension if any, and the query items in order. Unknown keys, repeated
    /// keys, keys that do nothing for the format and bad values are refused with a
    /// `RequestError` naming the parameter, the value and what is accepted.
    public static func parse(kind kindName: String, format pathFormat: OutputFormat?,
                             query: [(name: String, value: String)]) throws(RequestError) -> SpinnerRequest {
        guard let kind = SpinnerKind(named: kindName) else { throw .unknownKind(kindName) }
        return try parse(kind: kind, format: pathFormat, query: query)
    }

    /// `parse(kind:format:query:)` for a kind already known (a route that read it).
    public static func parse(kind: SpinnerKind, format pathFormat: OutputFormat?,
                             query: [(name: String, value: String)]) throws(RequestError) -> SpinnerRequest {
        // Tracking parameters a link may carry (utm_source=newsletter) are not the spinner's:
        // ignored, so the URL answers as it would without them (one cache entry, one ETag).
        let query = query.filter { !isTracking($0.name) }
        var seen: Set<String> = []
        for item in query where !seen.insert(item.name).inserted {
            throw .repeatedParameter(item.name)
        }
        let format = try resolveFormat(pathFormat, query: query.first { $0.name == "format" }?.value)

        var given: [(name: ParameterName, value: ParameterValue)] = []
        for item in query where item.name != "format" {
            guard let name = ParameterName(rawValue: item.name), let definition = kind.definition(of: name) else {
                throw .unknownParameter(item.name, kind: kind, format: format)
            }
            guard definition.formats.contains(format) else {
                throw .notApplicable(name, format: format,
                                     formats: OutputFormat.allCases.filter(definition.formats.contains))
            }
            given.append((name, try parseValue(item.value, for: definition)))
        }
        // Into typed options: each value goes to the property its parameter is bound to;
        // the rest keep their defaults.
        var shared = SharedOptions(size: Int(kind.design.naturalSize.rounded()))
        for (name, value) in given { kind.sharedBindings.first { $0.name == name }?.write(&shared, value) }
        let options = SpinnerOptions.decoding(kind, given)
        try options.check()
        return SpinnerRequest(format: format, shared: shared, options: options)
    }

    /// Whether a query key is a link-tracking parameter (`utm_source`, `utm_medium`, … any
    /// `utm_` key, in any case), which the service ignores.
    public static func isTracking(_ name: String) -> Bool {
        name.utf8.count > 4 && name.prefix(4).lowercased() == "utm_"
    }

    private static func resolveFormat(_ pathFormat: OutputFormat?, query: String?) throws(RequestError) -> OutputFormat {
        guard let query else { return pathFormat ?? .svg }
        guard let format = OutputFormat(rawValue: query.lowercased()) else { throw .unknownFormat(query) }
        if let pathFormat, pathFormat != format { throw .conflictingFormat(path: pathFormat, query: query) }
        return format
    }

    private static func parseValue(_ text: String, for definition: ParameterDefinition) throws(RequestError) -> ParameterValue {
        let name = definition.name
        switch definition.type {
        case .integer(_, let range):
            guard let number = WrittenDecimal(parsing: text, places: 6), !number.inexact, number.truncated.units % 1_000_000 == 0 else {
                throw .invalidValue(name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            let value = number.truncated.units / 1_000_000
            guard range.contains(value) else {
                throw .outOfRange(name, value: text, minimum: String(range.lowerBound), maximum: String(range.upperBound))
            }
            return .integer(value)

        case .decimal(_, let range, let unit, _):
            let expected = "a number from \(range.lowerBound) to \(range.upperBound)" + (unit.map { " (\($0))" } ?? "")
            guard let written = parseDecimal(text, places: range.lowerBound.places, unit: unit) else {
                throw .invalidValue(name, value: text, expected: expected)
            }
            // The number as written is checked, not its rounding: 20.000000000000004 is past 20.
            guard written.isWithin(range) else {
                throw .outOfRange(name, value: text, minimum: range.lowerBound.description, maximum: range.upperBound.description)
            }
            return .decimal(written.rounded)

        case .color:
            return .color(try parseColor(text, name: name, gradients: false))

        case .paint(_, _, let conic):
            guard CSSGradient.looksLikeGradient(text) else { return .paint(.color(try parseColor(text, name: name, gradients: true))) }
            let gradient: GradientValue
            do {
                gradient = try CSSGradient.parse(text)
            } catch {
                throw .invalidValue(name, value: text, expected: error.description, suggestion: error.suggestion)
            }
            if !conic, case .conic = gradient.geometry {
                // Refused in every format, so that one URL draws one picture in each: SVG and
                // Lottie can fill a layer's box with no conic gradient.
                throw .invalidValue(name, value: text, expected: "a colour, a linear-gradient or a radial-gradient "
                                    + "(\(name.rawValue) takes no conic gradient in any format: SVG and Lottie have no conic fill, "
                                    + "and every format draws the same picture)")
            }
            return .paint(.gradient(gradient))

        case .dropShadow:
            guard let shadow = DropShadowValue(parsing: text) else {
                // The grammar, then the part at fault (issue 64: a radius of 20 said only the grammar).
                let problem = DropShadowValue.problem(in: text).map { "; " + $0 } ?? ""
                throw .invalidValue(name, value: text, expected: "a drop shadow radius[,x,y[,color]] in points: radius 0.01 to 15, "
                                    + "offsets -30 to 30, any colour (4, or 4,0,2,black)" + problem)
            }
            return .dropShadow(shadow)

        case .text(_, let maxLength):
            // Bytes, not characters: one letter with a thousand combining marks is one character.
            guard text.utf8.count <= maxLength, text.unicodeScalars.allSatisfy(isAllowedInText) else {
                throw .invalidValue(name, value: text, expected: "text of at most \(maxLength) bytes (UTF-8) without control characters")
            }
            return .text(text)

        case .token(let maxLength):
            guard (1 ... maxLength).contains(text.utf8.count), text.utf8.allSatisfy(isTokenByte) else {
                throw .invalidValue(name, value: text, expected: "1 to \(maxLength) letters, digits, '.', '_', '~' or '-' "
                                    + "(a version of your own, such as 2 or 2026-12-05)")
            }
            return .text(text)

        case .choice(_, let options):
            guard let option = options.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw .invalidValue(name, value: text, expected: "one of " + options.joined(separator: ", "),
                                    suggestion: Suggestion.closest(to: text, in: options))
            }
            return .choice(option)
        }
    }

    /// A colour in any spelling `ColorValue` reads, or the reason it is not one.
    private static func parseColor(_ text: String, name: ParameterName, gradients: Bool) throws(RequestError) -> ColorValue {
        guard !text.isEmpty else {
            // `?color=#ff0000` unescaped: the browser keeps `#…` as the fragment and never sends it.
            throw .invalidValue(name, value: text, expected: "a colour; an empty value is what arrives when the URL has "
                                + "an unescaped #, which starts the URL's fragment: write ff0000 or %23ff0000, not #ff0000")
        }
        guard text.count <= 64, let color = ColorValue(parsing: text) else {
            // Brief: the whole grammar is in the catalog (`/spinners`, `spinnerd kinds`).
            let names = ColorValue.acceptedNames + (gradients ? CSSGradient.functionNames.map { $0 + "(" } : [])
            let typed = text.firstIndex(of: "(").map { String(text[...$0]) } ?? text
            let expected = gradients
                ? "a colour such as ff0000, rgb(255 0 0), red or systemBlue, or a gradient such as linear-gradient(red,blue)"
                : "a colour such as ff0000, #f00a, rgb(255 0 0), hsl(0 100% 50%), red, transparent or systemBlue"
            throw .invalidValue(name, value: text, expected: expected,
                                suggestion: Suggestion.closest(to: typed, in: names))
        }
        return color
    }

    /// A byte of `ParameterType.tokenCharacters`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Characters XML 1.0 allows, minus controls (tab and newline too: a title is one line).
    private static func isAllowedInText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// A decimal with an optional unit suffix: times accept `1.5`, `1.5s` and `1500ms`.
    private static func parseDecimal(_ text: String, places: Int, unit: String?) -> WrittenDecimal? {
        guard text.count <= 40 else { return nil }
        if unit == "s", places == 3, text.hasSuffix("ms") {
            return WrittenDecimal(parsing: String(text.dropLast(2)), places: 0).map {
                WrittenDecimal(truncated: FixedPoint(units: $0.truncated.units, places: 3), negative: $0.negative,
                               inexact: $0.inexact, roundsAway: $0.roundsAway)
            }
        }
        if let unit, text.hasSuffix(unit) {
            return WrittenDecimal(parsing: String(text.dropLast(unit.count)), places: places)
        }
        return WrittenDecimal(parsing: text, places: places)
    }
}
