@testable import HTTPServer
import XCTest

/// The typed HTTP values on the wire: a status's line, field names with their case
/// ignored, and methods (the parser's side is in `HTTPRequestParserTests`).
final class HTTPTypesTests: XCTestCase {
    private func head(_ response: HTTPResponse, version: HTTPVersion = .http11) -> String {
        var bytes: [UInt8] = []
        let framing = HTTPFraming(status: response.status, version: version, isHead: false, keepAlive: true)
        Array("Thu, 01 Jan 2026 00:00:00 GMT".utf8).withUnsafeBytes { date in
            HTTPResponseSerializer.writeHead(HTTPPreparedResponse(response), framing: framing, date: date, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAStatusLineCarriesItsCodeAndReasonPhrase() {
        XCTAssertTrue(head(HTTPResponse(status: .ok)).hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(head(HTTPResponse(status: .forbidden)).hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        XCTAssertTrue(head(HTTPResponse(status: .serviceUnavailable), version: .http10).hasPrefix("HTTP/1.0 503 Service Unavailable\r\n"))
        // A code without a name still goes out, as the RFC allows.
        XCTAssertTrue(head(HTTPResponse(status: 299)).hasPrefix("HTTP/1.1 299 Status 299\r\n"))
        // A literal and its constant are the same status.
        XCTAssertEqual(HTTPStatus.notModified, 304)
        XCTAssertEqual(HTTPStatus.notFound.reasonPhrase, "Not Found")
        XCTAssertEqual(HTTPStatus(code: 431).kind, 4)
        XCTAssertFalse(HTTPFraming.statusHasBody(.notModified))
        XCTAssertFalse(HTTPFraming.statusHasBody(.noContent))
        XCTAssertTrue(HTTPFraming.statusHasBody(.ok))
    }

    func testFieldNamesAreComparedAndHashedWithTheirCaseIgnored() {
        var headers = HTTPHeaders([("content-TYPE", "text/plain"), ("Vary", "Accept-Encoding")])
        XCTAssertEqual(headers[.contentType], "text/plain")
        XCTAssertEqual(headers["CONTENT-TYPE"], "text/plain")
        XCTAssertNil(headers["Content-Typ"])
        headers.set("VARY", "Origin")
        XCTAssertEqual(headers.values(.vary), ["Origin"])
        XCTAssertEqual(Set<HTTPFieldName>(["ETag", "etag", "ETAG"]).count, 1)
        // Only letters fold: `@` (0x40) is not a capital of `` ` `` (0x60).
        XCTAssertNotEqual(HTTPFieldName("X-@"), HTTPFieldName("X-`"))
        // The name goes out as written.
        headers.add("x-Custom", "1")
        XCTAssertTrue(head(HTTPResponse(status: .ok, headers: headers)).contains("\r\nx-Custom: 1\r\n"))
        // Fields the transport writes itself are dropped whatever their case.
        let own = head(HTTPResponse(status: .ok, headers: HTTPHeaders([("content-length", "99"), ("CONNECTION", "upgrade")])))
        XCTAssertFalse(own.contains("99"))
        XCTAssertFalse(own.contains("upgrade"))
    }

    func testAMethodIsItsTokenAndOnlyItsToken() {
        XCTAssertEqual(HTTPMethod(rawValue: "GET"), .get)
        XCTAssertNil(HTTPMethod(rawValue: "get"))
        XCTAssertEqual(HTTPMethod.mSearch.description, "M-SEARCH")
        XCTAssertEqual(HTTPMethod.tokens.prefix(2).map(\.method), [.get, .head])
        XCTAssertEqual(Set(HTTPMethod.tokens.map(\.bytes)).count, HTTPMethod.allCases.count)
    }
}
