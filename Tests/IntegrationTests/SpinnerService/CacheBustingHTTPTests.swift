import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// `v`, a version of one's own, through the real server (issue 50): a new value is a new
/// cache entry and ETag for the same bytes, in every format; hostile values are problems
/// naming it; link-tracking parameters (`utm_*`) are ignored: the same answer and ETag.
final class CacheBustingHTTPTests: XCTestCase {
    func testAVersionIsANewETagForTheSameBytesAndTrackingIsIgnored() throws {
        let server = try ServerProcess(["--provisional=false"])
        let client = try RawHTTPClient(port: server.port)
        for file in ["circular.svg", "dots.gif", "arc.apng", "activity.webp", "capsules.png", "circular.json"] {
            let plain = try client.get("/spinner/\(file)?size=40")
            let first = try client.get("/spinner/\(file)?size=40&v=2026-12-05")
            let second = try client.get("/spinner/\(file)?v=3&size=40")
            let tracked = try client.get("/spinner/\(file)?utm_source=newsletter&size=40&utm_medium=email&utm_source=again")
            for (label, response) in [("plain", plain), ("v=2026-12-05", first), ("v=3", second), ("utm", tracked)] {
                XCTAssertEqual(response.status, 200, "\(file) \(label): \(response.text.prefix(200))")
            }
            XCTAssertEqual(first.body, plain.body, "\(file): a version changes no byte")
            XCTAssertEqual(second.body, plain.body, file)
            let tags = [plain, first, second].map { $0.header("ETag") ?? "" }
            XCTAssertEqual(Set(tags).count, 3, "\(file): one ETag per version: \(tags)")
            XCTAssertEqual(tracked.header("ETag"), plain.header("ETag"), "\(file): tracking parameters are not the spinner's")
            XCTAssertEqual(tracked.body, plain.body, file)
            // Revalidating the versioned URL with its own tag: not modified.
            let again = try client.get("/spinner/\(file)?size=40&v=2026-12-05", headers: "If-None-Match: \(tags[1])\r\n")
            XCTAssertEqual(again.status, 304, file)
        }
        for value in [String(repeating: "a", count: 33), "", "a%00b", "a%0Ab", "a%20b", "a%2Fb", "%C3%A9", "a%26b"] {
            let refused = try client.get("/spinner/dots.gif?v=\(value)")
            XCTAssertEqual(refused.status, 400, value)
            XCTAssertEqual(refused.header("Content-Type"), "application/problem+json", value)
            XCTAssertTrue(refused.text.contains("\"parameter\":\"v\""), "\(value): \(refused.text)")
        }
        let repeated = try client.get("/spinner/dots.gif?v=1&v=2")
        XCTAssertEqual(repeated.status, 400)
        XCTAssertTrue(repeated.text.contains("\"parameter\":\"v\""), repeated.text)
        XCTAssertEqual(try client.get("/spinner/dots.gif?v=1").status, 200, "still serving")
    }
}
