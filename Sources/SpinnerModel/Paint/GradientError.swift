/// Why a value is not a gradient; `description` says it in a sentence for the problem.
public enum GradientError: Error, Equatable, CustomStringConvertible {
    case tooLong, notPrintable, unclosed, nested, repeating, tooFewStops, tooManyStops
    case unknownFunction(String, suggestion: String?)
    case color(String, suggestion: String?)
    case hint(String)
    case pixels(String)
    case malformed(String, expected: String)

    public var description: String {
        switch self {
        case .tooLong: "a gradient of at most \(GradientValue.maximumLength) bytes"
        case .notPrintable: "a gradient written in printable ASCII"
        case .unclosed: "a gradient whose parentheses close, each part non-empty"
        case .nested: "colour stops, not a gradient inside a gradient"
        case .repeating: "linear-gradient, radial-gradient or conic-gradient (repeating gradients are not offered)"
        case .tooFewStops: "a gradient of at least two colour stops"
        case .tooManyStops: "a gradient of at most \(GradientValue.maximumStops) colour stops (a stop with two positions counts twice)"
        case .unknownFunction(let name, _): "linear-gradient, radial-gradient or conic-gradient, not '\(name)'"
        case .color(let word, _): "a colour at each stop; '\(word)' is not one"
        case .hint(let word): "a colour at each stop; '\(word)' is a colour hint, which is not offered"
        case .pixels(let word): "sizes and positions in % or keywords; '\(word)' is in pixels, which change meaning with size"
        case .malformed(let word, let expected): "\(expected), not '\(word)'"
        }
    }

    /// A name a slip away from a misspelt one (a function or a colour), if any.
    public var suggestion: String? {
        switch self {
        case .unknownFunction(_, let suggestion), .color(_, let suggestion): suggestion
        default: nil
        }
    }
}
