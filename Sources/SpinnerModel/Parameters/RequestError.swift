/// Why a spinner request was refused, before any work. Each case names the parameter,
/// the value given and what is accepted; `detail` is the public message (nothing internal
/// is in it). What a refusal is in HTTP (its status and problem title) is the service's
/// (`RequestError+Problem.swift`).
public enum RequestError: Error, Hashable, Sendable {
    /// The path names no kind.
    case unknownKind(String)
    /// The extension or `format=` names no format.
    case unknownFormat(String)
    /// The path's extension and `format=` disagree.
    case conflictingFormat(path: OutputFormat, query: String)
    /// A query key that no kind accepts, or that this kind does not.
    case unknownParameter(String, kind: SpinnerKind, format: OutputFormat)
    /// The same key given twice.
    case repeatedParameter(String)
    /// A known parameter that does nothing for this format.
    case notApplicable(ParameterName, format: OutputFormat, formats: [OutputFormat])
    /// A value that does not parse as the parameter's type; `suggestion` an accepted value
    /// a slip away from it, if any (`rde` → `red`).
    case invalidValue(ParameterName, value: String, expected: String, suggestion: String? = nil)
    /// A value outside the parameter's range.
    case outOfRange(ParameterName, value: String, minimum: String, maximum: String)
    /// The periods of the motion only line up after longer than `limit` ms (or never, when nil).
    case loopTooLong(milliseconds: Int?, limit: Int, periods: [Int])
    /// The output would be wider/taller than `limit` pixels; `admitted`, when known, what
    /// would pass at the request's other parameters (as for every budget refusal below).
    case imageTooLarge(pixels: Int, limit: Int, admitted: BudgetRemedy? = nil)
    /// The animation would need more than `limit` frames.
    case tooManyFrames(frames: Int, limit: Int, admitted: BudgetRemedy? = nil)
    /// Pixels × frames would exceed the render budget.
    case workBudgetExceeded(pixelFrames: Int, limit: Int, admitted: BudgetRemedy? = nil)
    /// The render is estimated to take longer than the budget allows (seconds of one core).
    case renderTooCostly(format: OutputFormat, seconds: Double, limit: Double, admitted: BudgetRemedy? = nil)
    /// The render is estimated to need more memory than the budget allows (bytes).
    case renderTooLarge(format: OutputFormat, bytes: Int, limit: Int, admitted: BudgetRemedy? = nil)
    /// The encoded image would be larger than `limit` bytes.
    case outputTooLarge(limit: Int)

    /// The parameter at fault, when there is one.
    public var parameter: String? {
        switch self {
        case .unknownKind: nil
        case .unknownFormat, .conflictingFormat: "format"
        case .unknownParameter(let name, _, _), .repeatedParameter(let name): name
        case .notApplicable(let name, _, _), .invalidValue(let name, _, _, _), .outOfRange(let name, _, _, _): name.rawValue
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
        case .invalidValue(_, let text, _, _), .outOfRange(_, let text, _, _): text
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
        case .unknownParameter(_, let kind, let format):
            "for \(kind.rawValue) as \(format.displayName): " + kind.parameterKeys(for: format).joined(separator: ", ") + ", format"
        case .repeatedParameter: "each parameter at most once"
        case .notApplicable(_, _, let formats): "only with format " + formats.map(\.rawValue).joined(separator: ", ")
        case .invalidValue(_, _, let expected, _): expected
        case .outOfRange(_, _, let minimum, let maximum): "\(minimum) to \(maximum)"
        case .loopTooLong(_, let limit, _): "motion whose periods repeat together within \(Double(limit) / 1000) s"
        case .imageTooLarge(_, let limit, _): "size × scale up to \(limit) pixels"
        case .tooManyFrames(_, let limit, _): "at most \(limit) frames per loop (lower fps)"
        case .workBudgetExceeded(_, let limit, _): "pixels × frames up to \(limit) (lower size, scale or fps)"
        case .renderTooCostly(_, _, let limit, _): "renders estimated at up to \(Self.seconds(limit)) s of one core (lower size, scale, fps or duration)"
        case .renderTooLarge(_, _, let limit, _): "renders needing up to \(limit >> 20) MiB (lower size, scale, fps or duration)"
        case .outputTooLarge(let limit): "images of up to \(limit) bytes (lower size, scale, fps or duration)"
        }
    }

    /// The public, human-readable explanation.
    public var detail: String {
        let quoted = value.map { "'\($0)'" } ?? ""
        switch self {
        case .unknownKind:
            return "There is no spinner kind \(quoted);\(Self.didYouMean(suggestion)) kinds are \(accepted.dropFirst(7))."
        case .unknownFormat:
            return "Format \(quoted) is not supported;\(Self.didYouMean(suggestion)) use \(accepted)."
        case .conflictingFormat(let path, _):
            return "The path asks for \(path.rawValue) but format=\(value ?? "") asks otherwise."
        case .unknownParameter(let name, let kind, let format):
            // Only what this format takes: a name it would then refuse is no help.
            return "Parameter '\(name)' is not accepted by \(kind.rawValue) as \(format.displayName);\(Self.didYouMean(suggestion)) accepted: "
                + (kind.parameterKeys(for: format) + ["format"]).joined(separator: ", ") + "."
        case .repeatedParameter(let name):
            return "Parameter '\(name)' is given more than once."
        case .notApplicable(let name, let format, _):
            return "Parameter '\(name.rawValue)' does nothing for \(format.rawValue); it applies \(accepted)."
        case .invalidValue(let name, _, let expected, _):
            return "Parameter '\(name.rawValue)' has value \(quoted);\(Self.didYouMean(suggestion)) expected \(expected)."
        case .outOfRange(let name, _, let minimum, let maximum):
            return "Parameter '\(name.rawValue)' has value \(quoted), outside \(minimum) to \(maximum)."
        case .loopTooLong(let milliseconds, let limit, let periods):
            let seconds = periods.map { FixedPoint(units: $0, places: 3).description + " s" }.joined(separator: ", ")
            let loop = milliseconds.map { "after " + FixedPoint(units: $0, places: 3).description + " s" } ?? "only after a very long time"
            return "The motions (periods \(seconds)) line up \(loop); the limit is \(FixedPoint(units: limit, places: 3)) s. Choose a duration that divides evenly into the others."
        case .imageTooLarge(let pixels, let limit, let admitted):
            return "The image would be \(pixels) pixels wide; at most \(limit)." + Self.remedy(admitted)
        case .tooManyFrames(let frames, let limit, let admitted):
            return "The animation would need \(frames) frames; at most \(limit)." + Self.remedy(admitted)
        case .workBudgetExceeded(let pixelFrames, let limit, let admitted):
            return "The animation would need \(pixelFrames) pixels × frames; at most \(limit)." + Self.remedy(admitted)
        case .renderTooCostly(let format, let seconds, let limit, let admitted):
            return "This \(format.rawValue) is estimated to take \(Self.seconds(seconds)) s of one core to render; the limit is \(Self.seconds(limit)) s."
                + Self.remedy(admitted)
        case .renderTooLarge(let format, let bytes, let limit, let admitted):
            return "This \(format.rawValue) is estimated to need \(bytes >> 20) MiB to render; the limit is \(limit >> 20) MiB."
                + Self.remedy(admitted)
        case .outputTooLarge(let limit):
            return "The encoded image would be larger than \(limit) bytes, the limit."
        }
    }

    /// Whether `detail` already says what is accepted, so a report printing both would say
    /// it twice (the command line prints `accepted` only when this is false).
    public var detailSaysWhatIsAccepted: Bool {
        switch self {
        case .unknownKind, .unknownFormat, .unknownParameter, .repeatedParameter, .notApplicable, .invalidValue, .outOfRange: true
        default: false
        }
    }

    /// An accepted name or value a slip away from what was written (`colour` → `color`,
    /// `Circlar` → `circular`), for the names and values that come from a list.
    public var suggestion: String? {
        switch self {
        case .unknownKind(let text): Suggestion.closest(to: text, in: SpinnerKind.allCases.map(\.rawValue))
        // `json` is Lottie's file extension and `lottie` dotLottie's, not their names: a
        // query's `format=json` suggests the format that writes it. A name as a path's
        // extension (`activity.dotlottie`) suggests the extension (`lottie`).
        case .unknownFormat(let text):
            OutputFormat(fileExtension: text).map(\.rawValue)
                ?? OutputFormat(rawValue: text.lowercased()).map(\.fileExtension)
                ?? Suggestion.closest(to: text, in: OutputFormat.allCases.map(\.rawValue))
        case .unknownParameter(let name, let kind, let format): Suggestion.closest(to: name, in: kind.parameterKeys(for: format) + ["format"])
        case .invalidValue(_, _, _, let suggestion): suggestion
        default: nil
        }
    }

    /// ` did you mean 'color'?` or nothing.
    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " did you mean '\($0)'?" } ?? ""
    }

    /// What would pass the budget at the request's other parameters, when one of its
    /// refusals knows; `admitting` returns the refusal with it.
    public var admitted: BudgetRemedy? {
        switch self {
        case .imageTooLarge(_, _, let admitted), .tooManyFrames(_, _, let admitted), .workBudgetExceeded(_, _, let admitted),
             .renderTooCostly(_, _, _, let admitted), .renderTooLarge(_, _, _, let admitted): admitted
        default: nil
        }
    }

    /// This refusal naming `remedy` as what would pass; other errors are returned as they are.
    public func admitting(_ remedy: BudgetRemedy?) -> RequestError {
        switch self {
        case .imageTooLarge(let pixels, let limit, _): .imageTooLarge(pixels: pixels, limit: limit, admitted: remedy)
        case .tooManyFrames(let frames, let limit, _): .tooManyFrames(frames: frames, limit: limit, admitted: remedy)
        case .workBudgetExceeded(let work, let limit, _): .workBudgetExceeded(pixelFrames: work, limit: limit, admitted: remedy)
        case .renderTooCostly(let format, let seconds, let limit, _):
            .renderTooCostly(format: format, seconds: seconds, limit: limit, admitted: remedy)
        case .renderTooLarge(let format, let bytes, let limit, _): .renderTooLarge(format: format, bytes: bytes, limit: limit, admitted: remedy)
        default: self
        }
    }

    /// ` size=181 would be admitted with the other parameters as they are.`, or nothing.
    private static func remedy(_ admitted: BudgetRemedy?) -> String {
        admitted.map { " \($0.parameter)=\($0.value) would be admitted with the other parameters as they are." } ?? ""
    }

    /// Seconds with two decimals.
    private static func seconds(_ value: Double) -> String {
        FixedPoint(units: Int((value * 100).rounded()), places: 2).description
    }
}

/// What a refused request could ask instead, its other parameters unchanged: the largest
/// `size` (or, when there are too many frames, the highest `fps`) the budget admits, found
/// by the same estimate that refused it.
public enum BudgetRemedy: Hashable, Sendable {
    /// The largest `size` admitted.
    case size(Int)
    /// The highest `fps` admitted.
    case fps(Int)

    /// The query parameter it is a value of: `size` or `fps`.
    public var parameter: String {
        switch self {
        case .size: "size"
        case .fps: "fps"
        }
    }

    /// The value.
    public var value: Int {
        switch self {
        case .size(let value), .fps(let value): value
        }
    }
}
