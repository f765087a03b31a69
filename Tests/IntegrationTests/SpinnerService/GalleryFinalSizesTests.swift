import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground compares the sizes caches keep: on a server with provisional answers it
/// asks a new URL's APNG and WebP again until their final encodes are in, in a real
/// headless Chromium.
final class GalleryFinalSizesTests: XCTestCase {
    private struct Report: Decodable {
        let sizes: [String: String]
        let url: String
        let sizeTexts: [String]
    }

    /// As the gallery writes a length (its `bytes`).
    private func shown(_ length: Int) -> String {
        length >= 1024 ? String(format: "%.1f KB", Double(length) / 1024) : "\(length) bytes"
    }

    func testThePlaygroundShowsTheFinalSizesOfANewURL() throws {
        let server = try ServerProcess(["--provisional"])
        let directory = try TemporaryDirectory()
        let jobs: [[String: Any]] = [["type": "galleryFinalSizes", "url": server.url("/"), "color": "3a7bd5"]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)
        XCTAssertTrue(report.url.contains("/spinner/circular.svg?") && report.url.contains("3a7bd5"), report.url)
        let path = try XCTUnwrap(report.url.range(of: "/spinner/").map { String(report.url[$0.lowerBound...]) })
        for format in ["apng", "webp"] {
            let client = try RawHTTPClient(port: server.port, timeout: 60)
            try client.send("HEAD \(path.replacingOccurrences(of: ".svg?", with: ".\(format)?")) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try client.receive(headRequest: true)
            XCTAssertEqual(head.status, 200, format)
            XCTAssertEqual(head.header("Cache-Control"), "public, max-age=31536000, immutable", "\(format): its final encode is in")
            let length = try XCTUnwrap(head.header("Content-Length").flatMap(Int.init), format)
            XCTAssertEqual(report.sizes[format], shown(length), "\(format): the size shown is the final one")
        }
        XCTAssertFalse(report.sizes.values.contains { $0.contains("quick answer") }, "\(report.sizes)")
    }

    /// With a GIF chosen (120 px: one the service answers quickly first), the size beside the
    /// download says a new URL's quick answer is one until the final is in, then shows the
    /// final size; no unmarked quick size is shown. (Only that size is waited for: beside
    /// stress-ng on both cores the other formats' finals, made at nice 19, outlasted the
    /// page's two minutes of asking.)
    func testTheChosenFormatsSizeIsMarkedUntilTheFinalIsIn() throws {
        let server = try ServerProcess(["--provisional"])
        let directory = try TemporaryDirectory()
        let jobs: [[String: Any]] = [["type": "galleryFinalSizes", "url": server.url("/?kind=circular&format=gif&size=120"), "color": "7b3ad5",
                                      "settle": "chosen"]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)
        XCTAssertTrue(report.url.contains("/spinner/circular.gif?") && report.url.contains("7b3ad5"), report.url)
        let path = try XCTUnwrap(report.url.range(of: "/spinner/").map { String(report.url[$0.lowerBound...]) })
        let head = try server.get(path, method: "HEAD")
        XCTAssertEqual(head.header("Cache-Control"), "public, max-age=31536000, immutable", "its final encode is in")
        let length = try XCTUnwrap(head.header("Content-Length").flatMap(Int.init))
        // The texts of the new URL's round: after its "…" (before it, the opening URL's round
        // may still put its own final size).
        let texts = Array(report.sizeTexts.drop { $0 != "…" }).filter { $0 != "…" }
        XCTAssertEqual(texts.last, shown(length), "the size shown at the end is the final one: \(report.sizeTexts)")
        XCTAssertTrue(texts.contains { $0.contains("(quick answer") }, "the quick answer was never marked: \(report.sizeTexts)")
        for text in texts.dropLast() {
            XCTAssertTrue(text.contains("(quick answer") || text == shown(length), "an unmarked size: \(text) in \(report.sizeTexts)")
        }
    }
}
