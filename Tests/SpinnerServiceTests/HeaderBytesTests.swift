import HTTPServer
@testable import SpinnerService
import XCTest

/// `If-None-Match` and `Accept-Encoding` read from raw bytes (the fast path) and from the
/// parsed request's text give the same answers.
final class HeaderBytesTests: XCTestCase {
    /// True when `header` (an `If-None-Match` value, as text) lists `tag` or is `*`.
    private func matches(_ header: String?, _ tag: String) -> Bool {
        HTTPHeaderList.withBytes(of: header) { EntityTag.matches($0, Array(tag.utf8)) }
    }

    private func gzip(_ header: String?) -> Bool {
        HTTPHeaderList.withBytes(of: header) { ContentCoding.acceptsGzip($0) }
    }

    func testAcceptEncoding() {
        XCTAssertTrue(gzip("gzip"))
        XCTAssertTrue(gzip("br, GZIP"))
        XCTAssertTrue(gzip(" deflate ,x-gzip;q=0.5 "))
        XCTAssertTrue(gzip("*"))
        XCTAssertTrue(gzip("gzip;Q=0.001"))
        XCTAssertTrue(gzip("gzip;q=abc"), "a weight that is not a number counts as 1")
        XCTAssertFalse(gzip(nil))
        XCTAssertFalse(gzip(""))
        XCTAssertFalse(gzip("br, deflate"))
        XCTAssertFalse(gzip("gzip;q=0"))
        XCTAssertFalse(gzip("gzip; q=0.000"))
        XCTAssertFalse(gzip("*, gzip;q=0"), "gzip named with weight 0 wins over *")
        XCTAssertFalse(gzip("*;q=0"))
        XCTAssertFalse(gzip("gzipx, xgzip"))
    }

    func testIfNoneMatch() {
        let tag = "\"0123456789abcdef\""
        XCTAssertTrue(matches(tag, tag))
        XCTAssertTrue(matches("\"x\", W/\(tag)", tag))
        XCTAssertTrue(matches(" * ", tag))
        XCTAssertTrue(matches("\"x\" ,\t\(tag)\t", tag))
        XCTAssertFalse(matches(nil, tag))
        XCTAssertFalse(matches("", tag))
        XCTAssertFalse(matches("\"0123456789abcdeF\"", tag))
        XCTAssertFalse(matches("w/\(tag)", tag), "W/ is case-sensitive")
        XCTAssertFalse(matches("**", tag))
        XCTAssertFalse(matches(String(tag.dropLast()), tag))
    }
}
