import HTTPServer
@testable import SpinnerModel
@testable import SpinnerService
import XCTest

/// What a refusal is in HTTP is the service's: an unknown kind is 404 (the path names
/// nothing), every other refusal 400, each with its problem title; the model carries no status.
final class RequestErrorProblemTests: XCTestCase {
    func testAnUnknownKindIs404AndEveryOtherRefusal400() throws {
        XCTAssertEqual(RequestError.unknownKind("square").httpStatus, .notFound)
        XCTAssertEqual(RequestError.unknownKind("square").title, "Unknown spinner kind")
        let others: [RequestError] = [.unknownFormat("jpeg"), .repeatedParameter("v"), .outputTooLarge(limit: 1),
                                      .unknownParameter("peak", kind: .circular, format: .gif)]
        for error in others { XCTAssertEqual(error.httpStatus, .badRequest, "\(error)") }
        // Through the service: the problem's status and title are these.
        let service = SpinnerService(configuration: ServiceConfiguration())
        defer { service.stop() }
        for (target, status, title) in [("/spinner/square.gif", 404, "Unknown spinner kind"),
                                        ("/spinner/circular.gif?stroke=99", 400, "Invalid parameter value")] {
            guard case .now(let response) = service.respond(to: HTTPRequest(method: .get, target: target)) else {
                return XCTFail("\(target) answered later")
            }
            XCTAssertEqual(response.status.code, status, target)
            let problem = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            XCTAssertEqual(problem["title"] as? String, title, target)
            XCTAssertEqual(problem["status"] as? Int, status, target)
        }
    }
}
