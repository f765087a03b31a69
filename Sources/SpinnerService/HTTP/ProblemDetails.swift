import FoundationEssentials
import HTTPServer
import SpinnerModel

/// `application/problem+json` bodies (RFC 9457) for every error the service sends, with
/// the parameter, the value and what is accepted when a parameter is at fault, and how
/// long caches may keep each one (decided here from the status, once for all callers).
struct ProblemDetails: Sendable {
    /// How long a cache may keep a 400, 403 or 404 (`--error-max-age`), in whole seconds;
    /// zero stores none.
    let errorMaxAge: Duration

    private struct Body: Encodable {
        let type: String
        let title: String
        let status: Int
        let detail: String
        let parameter: String?
        let value: String?
        let accepted: String?
        let kinds: [String]?
        /// For a budget refusal: the largest `size` admitted at the other parameters given.
        let largestSize: Int?
        /// For too many frames: the highest `fps` admitted at the other parameters given.
        let highestFPS: Int?
        /// For a failure of the service's own: the id its log line carries.
        let errorID: String?

        enum CodingKeys: String, CodingKey {
            case type, title, status, detail, parameter, value, accepted, kinds
            case largestSize = "largest_size", highestFPS = "highest_fps", errorID = "error_id"
        }
    }

    /// The response for a refused request.
    func response(for error: RequestError) -> HTTPResponse {
        let kinds: [String]? = if case .unknownKind = error { SpinnerKind.allCases.map(\.rawValue) } else { nil }
        return response(status: error.httpStatus, title: error.title, detail: error.detail, parameter: error.parameter,
                        value: error.value, accepted: error.accepted, kinds: kinds, admitted: error.admitted)
    }

    /// How long caches may keep a problem: a 400, 403 or 404 says what the URL itself
    /// means, so it is public for `errorMaxAge` seconds (a front absorbs floods of bad
    /// URLs); anything else (405, 500, 503: the server's state) is never stored.
    func cacheControl(status: HTTPStatus) -> String {
        let seconds = errorMaxAge.components.seconds
        return [.badRequest, .forbidden, .notFound].contains(status) && seconds > 0 ? "public, max-age=\(seconds)" : "no-store"
    }

    /// A problem response with the given fields.
    func response(status: HTTPStatus, title: String, detail: String, parameter: String? = nil, value: String? = nil,
                  accepted: String? = nil, kinds: [String]? = nil, admitted: BudgetRemedy? = nil, errorID: String? = nil,
                  headers: [(HTTPFieldName, String)] = []) -> HTTPResponse {
        var (largestSize, highestFPS): (Int?, Int?) = (nil, nil)
        switch admitted {
        case .size(let size)?: largestSize = size
        case .fps(let fps)?: highestFPS = fps
        case nil: break
        }
        let body = Body(type: "about:blank", title: title, status: status.code, detail: detail, parameter: parameter,
                        value: value, accepted: accepted, kinds: kinds, largestSize: largestSize, highestFPS: highestFPS,
                        errorID: errorID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(body)).map { Array($0) } ?? Array("{\"status\":\(status.code)}".utf8)
        var fields = HTTPHeaders([(.contentType, "application/problem+json"),
                                  (.cacheControl, cacheControl(status: status))] + headers)
        ServiceHeaders.addCommon(to: &fields)
        return HTTPResponse(status: status, headers: fields, body: bytes)
    }
}
