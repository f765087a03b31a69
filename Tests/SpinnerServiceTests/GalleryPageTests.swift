import Compression
import Foundation
import HTTPServer
import SpinnerModel
@testable import SpinnerService
import UnitSupport
import XCTest

/// The gallery's front end is written as files (GalleryFiles/Front/) and embedded as they are:
/// the page and its modules are exactly what the files say, every module is served and
/// nothing else is, and the page's policy admits them and nothing inline.
final class GalleryPageTests: XCTestCase {
    private static let front = Repository.root.appendingPathComponent("Sources/GalleryFiles/Front")

    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.front.appendingPathComponent(name), encoding: .utf8)
    }

    func testEveryModuleInTheFolderIsServedAsWrittenAndNothingElse() throws {
        let written = try FileManager.default.contentsOfDirectory(atPath: Self.front.path).filter { $0.hasSuffix(".js") }
        XCTAssertEqual(Set(GalleryPage.scripts.keys.map(String.init)), Set(written), "GalleryPage.scripts lists every module of Front/")
        for name in written {
            XCTAssertEqual(GalleryPage.scripts[Substring(name)], try file(name), name)
        }
        XCTAssertEqual(GalleryPage.css, try file("gallery.css"))
    }

    /// GalleryFiles.c lists Front/'s files by hand: the binary holds every file of the
    /// folder, byte for byte, and nothing else; and the vendored player as it is.
    func testTheBinaryHoldsEveryFileOfTheFolderAsWritten() throws {
        let written = try FileManager.default.contentsOfDirectory(atPath: Self.front.path)
        XCTAssertEqual(Set(GalleryFile.front.keys.map(String.init)), Set(written), "GalleryFiles.c embeds every file of Front/")
        for name in written {
            let bytes = try Data(contentsOf: Self.front.appendingPathComponent(name))
            XCTAssertEqual(GalleryFile.front[Substring(name)], Array(bytes), name)
        }
        let vendored = Repository.root.appendingPathComponent("Sources/GalleryFiles/Vendor/lottie-web.js.gz")
        XCTAssertEqual(GalleryFile.lottieWebGzipped, Array(try Data(contentsOf: vendored)))
    }

    /// The service's paths are written once in the front end (paths.js), and they are the
    /// route table's; no other module writes one, and every link of the page is a route.
    func testTheFrontEndsPathsAreTheRouteTables() throws {
        let constants = try Dictionary(uniqueKeysWithValues: file("paths.js").split(separator: "\n").compactMap { line -> (String, String)? in
            guard let match = line.wholeMatch(of: /export const ([A-Z]+) = "([^"]*)";/) else { return nil }
            return (String(match.1), String(match.2))
        })
        XCTAssertEqual(constants, ["SPINNER": ServiceRoute.spinner.paths[0], "CATALOG": ServiceRoute.catalog.paths[0],
                                   "OPENAPI": ServiceRoute.openapi.paths[0]])
        for (name, text) in GalleryPage.scripts where name != "paths.js" {
            for path in constants.values {
                for quote in ["\"", "'", "`"] {
                    XCTAssertFalse(text.contains(quote + path), "\(name) writes \(path) itself; it imports it from paths.js")
                }
            }
        }
        let links = GalleryPage.html.matches(of: /(?:href|src)="(\/[^"?]*)/).map { String($0.1) }
        XCTAssertGreaterThan(links.count, 3)
        for link in links {
            XCTAssertNotNil(ServiceRoute.match(link, gallery: true), "the page links \(link), which no route serves")
        }
    }

    /// Every module a module imports is one that is served (the graph has no dangling edge).
    func testEveryImportNamesAServedModule() throws {
        var imports = 0
        // Import declarations start a line (a snippet's text may hold one in a string).
        let pattern = try NSRegularExpression(pattern: #"^import\s[^;]*?from\s+"\./([A-Za-z0-9_-]+\.js)""#, options: [.anchorsMatchLines])
        for (name, text) in GalleryPage.scripts {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                let imported = String(text[Range(match.range(at: 1), in: text)!])
                XCTAssertNotNil(GalleryPage.scripts[Substring(imported)], "\(name) imports \(imported)")
                imports += 1
            }
        }
        XCTAssertGreaterThanOrEqual(imports, GalleryPage.scripts.count - 1, "every module but the entry is imported")
    }

    /// The page has its formats, style and scripts put in, and no placeholder is left; it
    /// runs no inline script, and its policy takes scripts from the service only.
    func testThePageHoldsItsStyleAndScriptsAndNoPlaceholder() throws {
        let written = try file("gallery.html")
        for placeholder in ["{{formats}}", "{{style}}", "{{scripts}}"] {
            XCTAssertTrue(written.contains(placeholder), placeholder)
            XCTAssertFalse(GalleryPage.html.contains(placeholder), "\(placeholder) is left in the page")
        }
        XCTAssertFalse(GalleryPage.html.contains("{{"), "no other placeholder")
        XCTAssertTrue(GalleryPage.html.contains("<style>" + GalleryPage.css + "</style>"))
        XCTAssertTrue(GalleryPage.html.contains("<script type=\"module\" src=\"/gallery/gallery.js\"></script>"))
        XCTAssertFalse(GalleryPage.html.contains("<script>"), "no inline script")
        for name in GalleryPage.scripts.keys where name != GalleryPage.entry {
            XCTAssertTrue(GalleryPage.html.contains("<link rel=\"modulepreload\" href=\"/gallery/\(name)\">"), "\(name) is preloaded")
        }
        XCTAssertTrue(GalleryPage.contentSecurityPolicy.contains("script-src 'self';"))
        XCTAssertFalse(GalleryPage.contentSecurityPolicy.contains("unsafe"))
    }

    /// The modules are served as JavaScript with the gallery, and are not there without it;
    /// names near a module's, and paths below the folder, find nothing.
    func testTheModulesAreServedWithTheGalleryOnly() throws {
        let on = SpinnerService(configuration: ServiceConfiguration(gallery: true))
        let off = SpinnerService(configuration: ServiceConfiguration(gallery: false))
        defer { on.stop(); off.stop() }
        func get(_ service: SpinnerService, _ target: String) throws -> HTTPResponse {
            try service.answer(to: HTTPRequest(method: .get, target: target))
        }
        for name in GalleryPage.scripts.keys {
            let served = try get(on, "/gallery/\(name)")
            XCTAssertEqual(served.status, 200, String(name))
            XCTAssertEqual(served.headers["Content-Type"], "text/javascript; charset=utf-8")
            // A module past the size kept in memory is served from a file.
            XCTAssertEqual(served.bodyFile?.bytes() ?? served.body, Array((GalleryPage.scripts[name] ?? "").utf8))
            XCTAssertEqual(try get(off, "/gallery/\(name)").status, 404, "\(name) without the gallery")
        }
        // The Lottie player (vendored lottie-web), with the gallery only.
        let player = try get(on, "/gallery/lottie-web.js")
        XCTAssertEqual(player.status, 200)
        XCTAssertEqual(player.headers["Content-Type"], "text/javascript; charset=utf-8")
        // (Its bytes, sent from a memfd, are checked over HTTP: LottiePreviewTests.)
        XCTAssertTrue(String(decoding: try Inflate.decompress(LottieWebPlayer.gzipped).prefix(40), as: UTF8.self)
            .hasPrefix("/* lottie-web \(LottieWebPlayer.version)"))
        XCTAssertEqual(try get(off, "/gallery/lottie-web.js").status, 404)
        for target in ["/gallery/", "/gallery/gallery", "/gallery/GALLERY.JS", "/gallery/gallery.css", "/gallery/gallery.html",
                       "/gallery/../gallery.js", "/gallery/x/gallery.js", "/gallery/gallery.js/", "/gallery/%2e%2e/openapi.yaml"] {
            XCTAssertEqual(try get(on, target).status, 404, target)
        }
    }
}
