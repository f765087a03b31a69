import Foundation
import TestSupport
import XCTest

/// The gallery page at `/` in a real headless Chromium against the real server.
final class GalleryBrowserTests: XCTestCase {
    private struct Report: Decodable {
        struct Kind: Decodable { let name: String; let naturalWidth: Int; let changed: Bool }
        struct Step: Decodable { let control: String; let before: String; let after: String }
        struct Lottie: Decodable {
            let noteShown: Bool
            let note: String
            let url: String
            let snippets: [String: String]
            let shown: [String: Bool]
            let contentType: String?
            let document: String
            let noteHiddenAgain: Bool
        }
        let consoleErrors: [String]
        let failedRequests: [String]
        let kinds: [Kind]
        let steps: [Step]
        let sizeText: String
        let formatSizes: [String: String]
        let swatches: [String: String]
        let copiedURL: String
        let htmlSnippet: String
        let pictureSnippet: String
        let address: String
        let bytesMatch: Bool
        let fetchedBytes: Int
        let lottie: Lottie
        let labelsForEveryControl: Bool
        let phoneOverflows: Bool
        let screenshots: [String: String]
    }

    func testGalleryShowsEveryKindAndThePlaygroundDrivesThePreview() throws {
        let server = try ServerProcess()
        // Screenshots are kept for people to look at (under .build, not committed).
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let directory = try TemporaryDirectory()
        let jobs: [[String: Any]] = [["type": "gallery", "url": server.url("/"), "out": shots.path]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)

        XCTAssertEqual(report.consoleErrors, [], "console errors")
        XCTAssertEqual(report.failedRequests, [], "failed requests")
        XCTAssertEqual(report.kinds.map(\.name), ["circular", "activity", "dots", "arc", "capsules"])
        for kind in report.kinds {
            XCTAssertGreaterThan(kind.naturalWidth, 0, "\(kind.name) did not load")
            XCTAssertTrue(kind.changed, "\(kind.name) did not move in 300 ms")
        }
        XCTAssertEqual(report.steps.map(\.control), ["stroke", "color", "format", "matte", "page", "lottie", "gif"])
        for step in report.steps { XCTAssertNotEqual(step.before, step.after, step.control) }
        XCTAssertTrue(report.steps[0].after.contains("stroke=15"), report.steps[0].after)
        XCTAssertTrue(report.steps[1].after.contains("color=ff3b30"), report.steps[1].after)
        XCTAssertTrue(report.steps[2].after.hasPrefix("/spinner/circular.gif?"), report.steps[2].after)
        XCTAssertTrue(report.steps[3].after.contains("matte=ffffff"), "matte for the light stage: \(report.steps[3].after)")
        XCTAssertTrue(report.steps[4].after.contains("matte=111111"), "matte follows the dark stage: \(report.steps[4].after)")
        XCTAssertTrue(report.copiedURL.hasSuffix(report.steps[2].after), report.copiedURL)
        XCTAssertTrue(report.bytesMatch, "the copied URL did not return the image the page showed")
        XCTAssertTrue(report.sizeText.contains("KB") || report.sizeText.contains("bytes"), report.sizeText)
        XCTAssertTrue(report.htmlSnippet.contains("width=\"60\" height=\"60\" alt=\"Loading\""), report.htmlSnippet)
        XCTAssertTrue(report.pictureSnippet.contains("prefers-reduced-motion: reduce") && report.pictureSnippet.contains(".png"),
                      report.pictureSnippet)
        XCTAssertTrue(report.pictureSnippet.contains("<source type=\"image/webp\" srcset=\"") && report.pictureSnippet.contains(".webp?"),
                      "a GIF's <picture> offers WebP first: \(report.pictureSnippet)")
        XCTAssertEqual(report.formatSizes.keys.sorted(), ["apng", "gif", "lottie", "lottie-gzip", "svg", "svg-gzip", "webp"])
        for (format, text) in report.formatSizes {
            XCTAssertTrue(text.hasSuffix(" KB") || text.hasSuffix(" bytes"), "\(format): \(text)")
        }
        // Lottie: previewed as SVG with the same settings (the page says so), the URL is the
        // .json document, and the snippets are lottie-ios, lottie-android, Flutter and lottie-web.
        let lottie = report.lottie
        XCTAssertTrue(report.steps[5].after.hasPrefix("/spinner/circular.svg?") && report.steps[5].after.contains("stroke=15")
                      && report.steps[5].after.contains("color=ff3b30") && !report.steps[5].after.contains("matte"), report.steps[5].after)
        XCTAssertTrue(lottie.noteShown && lottie.note.contains("SVG"), lottie.note)
        XCTAssertTrue(lottie.noteHiddenAgain, "the note stays after leaving Lottie")
        XCTAssertTrue(lottie.url.contains("/spinner/circular.json?") && lottie.url.contains("stroke=15"), lottie.url)
        XCTAssertEqual(lottie.contentType, "application/json")
        XCTAssertEqual(lottie.document, "spinnerd circular")
        XCTAssertEqual(lottie.shown, ["url": true, "html": false, "markdown": false, "picture": false,
                                      "ios": true, "android": true, "flutter": true, "web": true])
        XCTAssertTrue(lottie.snippets["ios"]?.contains("LottieAnimation.loadedFrom(url: URL(string: \"\(lottie.url)\")") ?? false,
                      "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["android"]?.contains("LottieCompositionSpec.Url(\"\(lottie.url)\")") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["flutter"]?.contains("Lottie.network('\(lottie.url)'") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["web"]?.contains("path: \"\(lottie.url)\"") ?? false, "\(lottie.snippets)")
        // A clear (default) background shows the checkerboard, not black; a set colour shows itself.
        XCTAssertTrue(["transparent", "#00000000"].contains(report.swatches["background"] ?? ""), "\(report.swatches)")
        XCTAssertEqual(report.swatches["color"], "#ff3b30")
        XCTAssertTrue(report.address.contains("kind=circular") && report.address.contains("format=gif"), report.address)
        XCTAssertTrue(report.labelsForEveryControl)
        XCTAssertFalse(report.phoneOverflows, "the page scrolls sideways on a phone")
        for (name, path) in report.screenshots.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path))
            print("gallery screenshot (\(name)): \(path)")
        }
    }

    func testGalleryIsServedWithAStrictPolicyCachingAndGzip() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n")
        let response = try client.receive()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Encoding"), "gzip")
        XCTAssertNotNil(response.header("ETag"))
        XCTAssertEqual(response.header("Cache-Control"), "public, max-age=300")
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"))
        XCTAssertTrue(policy.contains("default-src 'none'"))
        XCTAssertTrue(policy.contains("script-src 'sha256-"))
        XCTAssertFalse(policy.contains("unsafe-inline"))
    }
}
