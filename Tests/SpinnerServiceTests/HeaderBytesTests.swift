@testable import SpinnerService
import XCTest

/// `If-None-Match` and `Accept-Encoding` read from raw bytes (the fast path) and from the
/// parsed request's text give the same answers.
final class HeaderBytesTests: XCTestCase {
    private func gzip(_ header: String?) -> Bool {
        ContentCoding.acceptsGzip(header)
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
        XCTAssertTrue(EntityTag.matches(tag, tag))
        XCTAssertTrue(EntityTag.matches("\"x\", W/\(tag)", tag))
        XCTAssertTrue(EntityTag.matches(" * ", tag))
        XCTAssertTrue(EntityTag.matches("\"x\" ,\t\(tag)\t", tag))
        XCTAssertFalse(EntityTag.matches(nil, tag))
        XCTAssertFalse(EntityTag.matches("", tag))
        XCTAssertFalse(EntityTag.matches("\"0123456789abcdeF\"", tag))
        XCTAssertFalse(EntityTag.matches("w/\(tag)", tag), "W/ is case-sensitive")
        XCTAssertFalse(EntityTag.matches("**", tag))
        XCTAssertFalse(EntityTag.matches(String(tag.dropLast()), tag))
    }
}
