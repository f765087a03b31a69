@testable import HTTPServer
import XCTest

final class HTTPRequestParserTests: XCTestCase {
    private func parse(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseResult {
        HTTPRequestParser.parse(Array(text.utf8)[...], limits: limits)
    }

    private func request(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (HTTPRequest, Int)? {
        guard case .request(let request, let consumed) = parse(text) else {
            XCTFail("not a request: \(parse(text))", file: file, line: line)
            return nil
        }
        return (request, consumed)
    }

    private func failure(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPStatus? {
        if case .failure(let error) = parse(text, limits: limits) { return error.status }
        return nil
    }

    func testSimpleGetWithDecodedPathAndQuery() throws {
        let text = "GET /spinner/circular.gif?stroke=15&color=%23ff0000&title=a+b HTTP/1.1\r\nHost: x\r\n\r\n"
        let (request, consumed) = try XCTUnwrap(request(text + "GET /next"))
        XCTAssertEqual(request.method, .get)
        XCTAssertEqual(request.path, "/spinner/circular.gif")
        XCTAssertEqual(request.query.map { "\($0.name)=\($0.value)" }, ["stroke=15", "color=#ff0000", "title=a b"])
        XCTAssertEqual(request.version, .http11)
        XCTAssertEqual(request.headers["host"], "x")
        XCTAssertEqual(consumed, text.utf8.count)
        XCTAssertTrue(request.wantsKeepAlive)
    }

    /// Found by the `http` fuzz target: bytes above 0x7F in a field value were decoded as
    /// UTF-8, so different bytes became the same U+FFFD and the value could not be written
    /// back. They are ISO-8859-1 (RFC 9110 §5.5's obs-text), one scalar per byte.
    func testFieldValueBytesAbove0x7FAreKeptOneScalarEach() throws {
        let head: [UInt8] = Array("GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"".utf8) + [0xE9, 0xFF, 0xC3, 0xA9]
            + Array("\"\r\nX-B: ".utf8) + [0xEF] + Array("\r\n\r\n".utf8)
        guard case .request(let request, let consumed) = HTTPRequestParser.parse(head[...]) else {
            return XCTFail("not a request")
        }
        XCTAssertEqual(consumed, head.count)
        XCTAssertEqual(request.headers["If-None-Match"], "\"\u{E9}\u{FF}\u{C3}\u{A9}\"")
        XCTAssertEqual(request.headers["X-B"].map { $0.unicodeScalars.map(\.value) }, [0xEF])
        XCTAssertNotEqual(request.headers["X-B"], "\u{FFFD}")
    }

    /// Found by the `http` fuzz target: a request line of exactly the limit was refused
    /// (414) when its CR had arrived and its LF not yet, and accepted whole.
    func testARequestLineOfExactlyTheLimitIsIncompleteUntilItsLineFeedArrives() throws {
        let limits = HTTPParserLimits(maxRequestLineBytes: 32)
        let line = "GET /" + String(repeating: "a", count: 32 - "GET / HTTP/1.1".count) + " HTTP/1.1"
        XCTAssertEqual(line.utf8.count, 32)
        let whole = Array((line + "\r\nHost: x\r\n\r\n").utf8)
        guard case .request = HTTPRequestParser.parse(whole[...], limits: limits) else { return XCTFail("refused whole") }
        for cut in 1 ... line.utf8.count + 1 {
            guard case .incomplete = HTTPRequestParser.parse(whole[..<cut], limits: limits) else {
                return XCTFail("a prefix of \(cut) bytes is not incomplete: \(HTTPRequestParser.parse(whole[..<cut], limits: limits))")
            }
        }
        let longer = Array((line + "a").utf8) + [13]
        guard case .failure(let error) = HTTPRequestParser.parse(longer[...], limits: limits) else {
            return XCTFail("a line past the limit is not refused")
        }
        XCTAssertEqual(error.status, 414)
    }

    func testPipelinedRequestsAreParsedOneAtATime() throws {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nHEAD /b HTTP/1.1\r\nHost: x\r\n\r\n"
        let (first, consumed) = try XCTUnwrap(request(text))
        XCTAssertEqual(first.path, "/a")
        guard case .request(let second, _) = HTTPRequestParser.parse(Array(text.utf8)[consumed...]) else { return XCTFail("second") }
        XCTAssertEqual(second.method, .head)
        XCTAssertEqual(second.path, "/b")
    }

    func testPartialRequestsAreIncomplete() {
        for text in ["", "GE", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: x\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab"] {
            guard case .incomplete = parse(text) else { return XCTFail("\(text.debugDescription) should be incomplete") }
        }
    }

    func testLeadingEmptyLinesAreSkipped() throws {
        let (request, consumed) = try XCTUnwrap(request("\r\n\nGET /x HTTP/1.1\r\nHost: y\r\n\r\n"))
        XCTAssertEqual(request.path, "/x")
        XCTAssertEqual(consumed, 31)
    }

    func testLeadingEmptyLinesCountTowardsTheRequestLineLimit() {
        let limits = HTTPParserLimits(maxRequestLineBytes: 64)
        XCTAssertEqual(failure(String(repeating: "\r\n", count: 40), limits: limits), 414)
    }

    func testBareLineFeedsAre400LikeLlhttp() {
        for text in ["GET /x HTTP/1.1\nHost: y\r\n\r\n", "GET /x HTTP/1.1\r\nHost: y\n\r\n", "GET /x HTTP/1.1\r\nHost: y\r\n\n",
                     "GET /x HTTP/1.1\nHost: y\n\n"] {
            XCTAssertEqual(failure(text), 400, text.debugDescription)
        }
    }

    func testRepeatedOrListContentLengthIs400LikeLlhttp() {
        for value in ["3, 3", "3,,3", "3,3", "+3", "3 3", "", "0x3", "-1"] {
            let text = "POST /x HTTP/1.1\r\nHost: y\r\nContent-Length: \(value)\r\n\r\nabc"
            XCTAssertEqual(failure(text), 400, value)
        }
        XCTAssertEqual(failure("POST /x HTTP/1.1\r\nHost: y\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"), 400)
    }

    func testUnknownMethodsAre501() throws {
        for method in ["FOO", "get", "BREW", "GETX"] {
            XCTAssertEqual(failure("\(method) /x HTTP/1.1\r\nHost: y\r\n\r\n"), 501, method)
        }
        // Every method llhttp knows is parsed into its case; the same token in another case is not a method.
        XCTAssertEqual(HTTPMethod.allCases.count, 35)
        for method in HTTPMethod.allCases {
            XCTAssertEqual(try XCTUnwrap(request("\(method.rawValue) /x HTTP/1.1\r\nHost: y\r\n\r\n")).0.method, method)
            XCTAssertEqual(failure("\(method.rawValue.lowercased()) /x HTTP/1.1\r\nHost: y\r\n\r\n"), .notImplemented)
        }
    }

    func testLongRequestLineIs414CompleteOrNot() {
        let limits = HTTPParserLimits(maxRequestLineBytes: 64)
        let long = "GET /" + String(repeating: "a", count: 100)
        XCTAssertEqual(failure(long, limits: limits), 414)
        XCTAssertEqual(failure(long + " HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits), 414)
    }

    func testLargeOrManyHeadersAre431() {
        let limits = HTTPParserLimits(maxHeaderBytes: 128, maxHeaderCount: 3)
        XCTAssertEqual(failure("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200), limits: limits), 431)
        XCTAssertEqual(failure("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits), 431)
    }

    func testMalformedRequestsAre400() {
        for text in ["GET\r\n\r\n", "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET /a\u{1} HTTP/1.1\r\nHost: x\r\n\r\n", "GET nopath HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
                     "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
                     "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{7f}b\r\n\r\n", "GET / junk\r\nHost: x\r\n\r\n"] {
            XCTAssertEqual(failure(text), 400, text.debugDescription)
        }
    }

    func testUnsupportedVersionIs505() {
        XCTAssertEqual(failure("GET / HTTP/2.0\r\nHost: x\r\n\r\n"), 505)
    }

    func testBodiesAreReadOrRefused() throws {
        let (request, consumed) = try XCTUnwrap(request("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET"))
        XCTAssertEqual(request.body, Array("abc".utf8))
        XCTAssertEqual(consumed, 51)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"), 501)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n"), 400)
        XCTAssertEqual(failure("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"), 413)
    }

    func testHTTP10ClosesUnlessAskedToKeepAlive() throws {
        XCTAssertFalse(try XCTUnwrap(request("GET / HTTP/1.0\r\n\r\n")).0.wantsKeepAlive)
        XCTAssertTrue(try XCTUnwrap(request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).0.wantsKeepAlive)
        XCTAssertFalse(try XCTUnwrap(request("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).0.wantsKeepAlive)
    }

    func testAbsoluteFormRefusesCharactersNoAuthorityHas() {
        for authority in ["#t", "a b", "a{b", "a\"b", "a|b"] {
            XCTAssertEqual(failure("GET http://\(authority)/x HTTP/1.1\r\nHost: t\r\n\r\n"), 400, authority)
        }
    }

    func testAbsoluteFormKeepsPathAndQuery() throws {
        let (request, _) = try XCTUnwrap(request("GET http://example.test:8080/spinners?x=1 HTTP/1.1\r\nHost: example.test\r\n\r\n"))
        XCTAssertEqual(request.path, "/spinners")
        XCTAssertEqual(request.query.first?.value, "1")
    }
}
