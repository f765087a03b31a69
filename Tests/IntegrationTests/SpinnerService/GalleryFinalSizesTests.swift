import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground compares the sizes caches keep: on a server with provisional answers it
/// asks a new URL's APNG and WebP again until their final encodes are in, in a real
/// headless Chromium.
final class GalleryFinalSizesTests: XCTestCase {
    /// As the gallery writes a length (its `bytes`).
    private func shown(_ length: Int) -> String {
        length >= 1024 ? String(format: "%.1f KB", Double(length) / 1024) : "\(length) bytes"
    }

    func testThePlaygroundShowsTheFinalSizesOfANewURL() throws {
        let server = try ServerProcess(["--provisional"])
        let directory = try TemporaryDirectory()
        // The result's members: gallery_final_sizes.py.
        let report = try Browser.script.result(["type": "galleryFinalSizes", "url": server.url("/"), "color": "3a7bd5"], in: directory)
        let url = try report.url.asString, sizes = try report.sizes.asStringMembers
        XCTAssertTrue(url.contains("/spinner/circular.svg?") && url.contains("3a7bd5"), url)
        let path = try XCTUnwrap(url.range(of: "/spinner/").map { String(url[$0.lowerBound...]) })
        for format in ["apng", "webp"] {
            let client = try RawHTTPClient(port: server.port, timeout: 60)
            try client.send("HEAD \(path.replacingOccurrences(of: ".svg?", with: ".\(format)?")) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try client.receive(headRequest: true)
            XCTAssertEqual(head.status, 200, format)
            XCTAssertEqual(head.header("Cache-Control"), "public, max-age=31536000, immutable", "\(format): its final encode is in")
            let length = try XCTUnwrap(head.header("Content-Length").flatMap(Int.init), format)
            XCTAssertEqual(sizes[format], shown(length), "\(format): the size shown is the final one")
        }
        XCTAssertFalse(sizes.values.contains { $0.contains("quick answer") }, "\(sizes)")
    }

    /// With a GIF chosen (120 px: one the service answers quickly first), the size beside the
    /// download says a new URL's quick answer is one until the final is in, then shows the
    /// final size; no unmarked quick size is shown. (Only that size is waited for: beside
    /// stress-ng on both cores the other formats' finals, made at nice 19, outlasted the
    /// page's two minutes of asking.)
    func testTheChosenFormatsSizeIsMarkedUntilTheFinalIsIn() throws {
        let server = try ServerProcess(["--provisional"])
        let directory = try TemporaryDirectory()
        let report = try Browser.script.result(["type": "galleryFinalSizes", "url": server.url("/?kind=circular&format=gif&size=120"),
                                                "color": "7b3ad5", "settle": "chosen"], in: directory)
        let url = try report.url.asString, sizeTexts = try report.sizeTexts.asStrings
        XCTAssertTrue(url.contains("/spinner/circular.gif?") && url.contains("7b3ad5"), url)
        let path = try XCTUnwrap(url.range(of: "/spinner/").map { String(url[$0.lowerBound...]) })
        let head = try server.get(path, method: "HEAD")
        XCTAssertEqual(head.header("Cache-Control"), "public, max-age=31536000, immutable", "its final encode is in")
        let length = try XCTUnwrap(head.header("Content-Length").flatMap(Int.init))
        // The texts of the new URL's round: after its "…" (before it, the opening URL's round
        // may still put its own final size).
        let texts = Array(sizeTexts.drop { $0 != "…" }).filter { $0 != "…" }
        XCTAssertEqual(texts.last, shown(length), "the size shown at the end is the final one: \(sizeTexts)")
        XCTAssertTrue(texts.contains { $0.contains("(quick answer") }, "the quick answer was never marked: \(sizeTexts)")
        for text in texts.dropLast() {
            XCTAssertTrue(text.contains("(quick answer") || text == shown(length), "an unmarked size: \(text) in \(sizeTexts)")
        }
    }
}
