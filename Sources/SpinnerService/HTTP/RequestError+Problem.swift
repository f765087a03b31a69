import HTTPServer
import SpinnerModel

/// A refused request as HTTP says it: the model says why (the case, its parameter, value and
/// detail); the service says what that is on the wire.
extension RequestError {
    /// 404 for an unknown kind (the path names nothing), 400 for everything else.
    public var httpStatus: HTTPStatus {
        if case .unknownKind = self { return .notFound }
        return .badRequest
    }

    /// The problem type's title (RFC 9457), the command line's summary too.
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
}
