import Foundation
import SpinnerModel
@testable import SpinnerService
import TestSupport
import XCTest

/// The gallery's front end is written as files (Gallery/Front/) and embedded by
/// scripts/embed-gallery.py: the binary carries exactly what the files say.
final class GalleryFilesTests: XCTestCase {
    private func file(_ name: String) throws -> String {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Sources/SpinnerService/Gallery/Front/\(name)"),
                              encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    func testTheEmbeddedFilesAreTheFilesAsWritten() throws {
        let stale = "GalleryFiles.swift is stale: run make gallery"
        XCTAssertEqual(GalleryFiles.html, try file("gallery.html"), stale)
        XCTAssertEqual(GalleryFiles.css, try file("gallery.css"), stale)
        XCTAssertEqual(GalleryFiles.javascript, try file("gallery.js"), stale)
    }

    /// The page has its style and script put in, and no placeholder is left.
    func testThePageHoldsItsStyleAndScriptAndNoPlaceholder() {
        for placeholder in ["{{formats}}", "{{style}}", "{{script}}"] {
            XCTAssertTrue(GalleryFiles.html.contains(placeholder), placeholder)
            XCTAssertFalse(GalleryPage.html.contains(placeholder), "\(placeholder) is left in the page")
        }
        XCTAssertTrue(GalleryPage.html.contains("<style>" + GalleryFiles.css + "</style>"))
        XCTAssertTrue(GalleryPage.html.contains("<script>" + GalleryFiles.javascript + "</script>"))
    }
}
