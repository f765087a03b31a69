/// Why a spinner request was refused, before any work. Each case names the parameter,
/// the value given and what is accepted; `status` is the HTTP status it maps to and
/// `detail` the public message (nothing internal is in it).
public enum RequestError: Error, Hashable, Sendable {
    /// The path names no kind.
    case unknownKind(String)
    /// The extension or `format=` names no format.
    case unknownFormat(String)
    /// The path's extension and `format=` disagree.
    case conflictingFormat(path: OutputFormat, query: String)
    /// A query key that no kind accepts, or that this kind does not.
    case unknownParameter(String, kind: SpinnerKind)
    /// The same key given twice.
    case repeatedParameter(String)
    /// A known parameter that does nothing for this format.
    case notApplicable(ParameterName, format: OutputFormat, formats: [OutputFormat])
    /// A value that does not parse as the parameter's type.
    case invalidValue(ParameterName, value: String, expected: String)
    /// A value outside the parameter's range.
    case outOfRange(ParameterName, value: String, minimum: String, maximum: String)
    /// The periods of the motion only line up after longer than `limit` ms (or never, when nil).
    case loopTooLong(milliseconds: Int?, limit: Int, periods: [Int])
    /// The output would be wider/taller than `limit` pixels.
    case imageTooLarge(pixels: Int, limit: Int)
    /// The animation would need more than `limit` frames.
    case tooManyFrames(frames: Int, limit: Int)
    /// Pixels × frames would exceed the render budget.
    case workBudgetExceeded(pixelFrames: Int, limit: Int)
    /// The render is estimated to take longer than the budget allows (seconds of one core).
    case renderTooCostly(format: OutputFormat, seconds: Double, limit: Double)
    /// The render is estimated to need more memory than the budget allows (bytes).
    case renderTooLarge(format: OutputFormat, bytes: Int, limit: Int)
    /// The encoded image would be larger than `limit` bytes.
    case outputTooLarge(limit: Int)

    /// The HTTP status: 404 for an unknown kind, 400 for everything else.
    public var status: Int {
        if case .unknownKind = self { return 404 }
        return 400
    }

    /// A short summary of the problem type.
    public var title: String {
        switch self {
        case .unknownKind: "Unknown spinner kind"
        case .unknownFormat, .conflictingFormat: "Unknown or conflicting format"
        case .unknownParameter, .repeatedParameter, .notApplicable: "Unsupported parameter"
        case .invalidValue, .outOfRange: "Invalid parameter value"
        case .loopTooLong, .imageTooLarge, .tooManyFrames, .workBudgetExceeded, .renderTooCostly, .renderTooLarge, .outputTooLarge:
            "Render budget exceeded"
        }
    }

    /// The parameter at fault, when there is one.
    public var parameter: String? {
        switch self {
        case .unknownKind: nil
        case .unknownFormat, .conflictingFormat: "format"
        case .unknownParameter(let name, _), .repeatedParameter(let name): name
        case .notApplicable(let name, _, _), .invalidValue(let name, _, _), .outOfRange(let name, _, _, _): name.rawValue
        case .loopTooLong: "duration"
        case .imageTooLarge: "size"
        case .tooManyFrames: "fps"
        case .workBudgetExceeded, .renderTooCostly, .renderTooLarge, .outputTooLarge: "size"
        }
    }

    /// The offending value as given (shortened to 64 characters), when there is one.
    public var value: String? {
        let given: String? = switch self {
        case .unknownKind(let text), .unknownFormat(let text): text
        case .conflictingFormat(_, let query): query
        case .invalidValue(_, let text, _), .outOfRange(_, let text, _, _): text
        default: nil
        }
        return given.map { $0.count > 64 ? String($0.prefix(64)) + "…" : $0 }
    }

    /// What would have been accepted.
    public var accepted: String {
        switch self {
        case .unknownKind: "one of " + SpinnerKind.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownFormat: "one of " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        case .conflictingFormat(let path, _): "\(path.rawValue), as the path's extension says, or no format="
        case .unknownParameter(_, let kind): "for \(kind.rawValue): " + kind.parameterKeys.joined(separator: ", ") + ", format"
        case .repeatedParameter: "each parameter at most once"
        case .notApplicable(_, _, let formats): "only with format " + formats.map(\.rawValue).joined(separator: ", ")
        case .invalidValue(_, _, let expected): expected
        case .outOfRange(_, _, let minimum, let maximum): "\(minimum) to \(maximum)"
        case .loopTooLong(_, let limit, _): "motion whose periods repeat together within \(Double(limit) / 1000) s"
        case .imageTooLarge(_, let limit): "size × scale up to \(limit) pixels"
        case .tooManyFrames(_, let limit): "at most \(limit) frames per loop (lower fps)"
        case .workBudgetExceeded(_, let limit): "pixels × frames up to \(limit) (lower size, scale or fps)"
        case .renderTooCostly(_, _, let limit): "renders estimated at up to \(Self.seconds(limit)) s of one core (lower size, scale, fps or duration)"
        case .renderTooLarge(_, _, let limit): "renders needing up to \(limit >> 20) MiB (lower size, scale, fps or duration)"
        case .outputTooLarge(let limit): "images of up to \(limit) bytes (lower size, scale, fps or duration)"
        }
    }

    /// The public, human-readable explanation.
    public var detail: String {
        let quoted = value.map { "'\($0)'" } ?? ""
        switch self {
        case .unknownKind:
            return "There is no spinner kind \(quoted); kinds are \(accepted.dropFirst(7))."
        case .unknownFormat:
            return "Format \(quoted) is not supported; use \(accepted)."
        case .conflictingFormat(let path, _):
            return "The path asks for \(path.rawValue) but format=\(value ?? "") asks otherwise."
        case .unknownParameter(let name, let kind):
            return "Parameter '\(name)' is not accepted by \(kind.rawValue); accepted: \((kind.parameterKeys + ["format"]).joined(separator: ", "))."
        case .repeatedParameter(let name):
            return "Parameter '\(name)' is given more than once."
        case .notApplicable(let name, let format, _):
            return "Parameter '\(name.rawValue)' does nothing for \(format.rawValue); it applies \(accepted)."
        case .invalidValue(let name, _, let expected):
            return "Parameter '\(name.rawValue)' has value \(quoted); expected \(expected)."
        case .outOfRange(let name, _, let minimum, let maximum):
            return "Parameter '\(name.rawValue)' has value \(quoted), outside \(minimum) to \(maximum)."
        case .loopTooLong(let milliseconds, let limit, let periods):
            let seconds = periods.map { FixedPoint(units: $0, places: 3).description + " s" }.joined(separator: ", ")
            let loop = milliseconds.map { "after " + FixedPoint(units: $0, places: 3).description + " s" } ?? "only after a very long time"
            return "The motions (periods \(seconds)) line up \(loop); the limit is \(FixedPoint(units: limit, places: 3)) s. Choose a duration that divides evenly into the others."
        case .imageTooLarge(let pixels, let limit):
            return "The image would be \(pixels) pixels wide; at most \(limit)."
        case .tooManyFrames(let frames, let limit):
            return "The animation would need \(frames) frames; at most \(limit)."
        case .workBudgetExceeded(let pixelFrames, let limit):
            return "The animation would need \(pixelFrames) pixels × frames; at most \(limit)."
        case .renderTooCostly(let format, let seconds, let limit):
            return "This \(format.rawValue) is estimated to take \(Self.seconds(seconds)) s of one core to render; the limit is \(Self.seconds(limit)) s."
        case .renderTooLarge(let format, let bytes, let limit):
            return "This \(format.rawValue) is estimated to need \(bytes >> 20) MiB to render; the limit is \(limit >> 20) MiB."
        case .outputTooLarge(let limit):
            return "The encoded image would be larger than \(limit) bytes, the limit."
        }
    }

    /// Seconds with two decimals.
    private static func seconds(_ value: Double) -> String {
        FixedPoint(units: Int((value * 100).rounded()), places: 2).description
    }
}
