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
        for placeholder in ["{{formats}}", "{{systemColours}}", "{{style}}", "{{script}}"] {
            XCTAssertTrue(GalleryFiles.html.contains(placeholder), placeholder)
            XCTAssertFalse(GalleryPage.html.contains(placeholder), "\(placeholder) is left in the page")
        }
        XCTAssertTrue(GalleryPage.html.contains("<style>" + GalleryFiles.css + "</style>"))
        XCTAssertTrue(GalleryPage.html.contains("<script>" + GalleryFiles.javascript + "</script>"))
    }

    /// The swatches resolve system colours from the service's own table, put into the page:
    /// every name and alias the service accepts, with its light and dark hex.
    func testThePageCarriesTheSystemColoursAsTheServiceResolvesThem() throws {
        let table = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(GalleryPage.systemColoursJSON.utf8)) as? [String: [String]])
        XCTAssertEqual(table.count, SystemColor.allCases.count + 4)
        for color in SystemColor.allCases {
            XCTAssertEqual(table[color.rawValue.lowercased()], [color.light.hex, color.dark.hex], color.rawValue)
        }
        XCTAssertEqual(table["systemblue"], ["007aff", "0a84ff"])
        XCTAssertEqual(table["primary"], table["label"])
        XCTAssertTrue(GalleryPage.html.contains("data-system-colours='\(GalleryPage.systemColoursJSON)'"))
        XCTAssertFalse(GalleryPage.systemColoursJSON.contains("'"), "the table must not end its single-quoted attribute")
    }
}
