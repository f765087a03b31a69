import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The gallery's `<picture>` snippet is for the page the designer described: on a light, a
/// dark and a custom page colour, seen in Chromium with a light and with a dark OS scheme,
/// the image the browser picks is drawn for the page it is on (its theme, and for GIF the
/// matte its edges are blended into, so no light or dark fringe), and every kind is at
/// least nearly as visible there as in light on white, as far as the page's colour allows. A dark source is offered only when
/// the page follows the OS scheme, which the playground asks. Screenshots are kept under
/// `.build/picture-screenshots` for people to look at.
final class PictureSnippetTests: XCTestCase {
    private struct Case: Decodable {
        let kind: String, format: String, page: String, follows: Bool, scheme: String, motion: String
        let shownPage: String, chosen: String, snippet: String, contrast: Double, screenshot: String?
    }
    private struct Snippet: Decodable { let snippet: String, label: String }
    private struct Copy: Decodable { let idle: String, clicked: String, live: String? }
    private struct Playground: Decodable { let before: Snippet, after: Snippet, copy: Copy }
    private struct Report: Decodable { let cases: [Case], playground: Playground }

    /// Measurements of one picture on two pages may differ by antialiasing alone.
    private static let tolerance = 0.9

    private static func isDark(_ hex: String) -> Bool { ["111111", "1b2a3a", "000000"].contains(hex) }

    /// The most contrast any colour can have against `hex` (WCAG: white's or black's).
    private static func highestContrast(on hex: String) -> Double {
        let channels = stride(from: 0, to: 6, by: 2).map { offset -> Double in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            let value = Double(Int(hex[start ..< hex.index(start, offsetBy: 2)], radix: 16) ?? 0) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        return max(1.05 / (luminance + 0.05), (luminance + 0.05) / 0.05)
    }

    func testThePictureIsDrawnForThePageItIsOnInEitherScheme() throws {
        // One final encode per URL, none behind it (no zopfli of the defaults' APNGs
        // competing with the suites beside this one).
        let server = try ServerProcess(["--prerender=false", "--provisional=false"])
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/picture-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let kinds = ["circular", "activity", "dots", "arc", "capsules"]
        let pictures = kinds.map { ($0, "gif") } + kinds.map { ($0, "svg") }
            + [("circular", "apng"), ("activity", "apng"), ("circular", "webp"), ("activity", "webp")]
        var cases: [[String: Any]] = []
        for (kind, format) in pictures {
            for page in ["ffffff", "111111", "1b2a3a"] {
                for follows in [false, true] { cases.append(["kind": kind, "format": format, "page": page, "follows": follows]) }
            }
        }
        let output = try Browser.run([["type": "pictureMatrix", "url": server.url("/"), "cases": cases, "out": shots.path]], in: directory)
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: output).first)
        XCTAssertEqual(report.cases.count, cases.count * 4)

        // What light on white reaches, per picture and motion: the bar for every other page.
        var reference: [String: Double] = [:]
        // (The most any of its showings on white reached: the same image, in either scheme.)
        for item in report.cases where item.shownPage == "ffffff" {
            let key = "\(item.kind).\(item.format) \(item.motion)"
            reference[key] = max(reference[key] ?? 0, item.contrast)
        }
        for item in report.cases {
            let still = item.motion == "reduce"
            let label = "\(item.kind).\(item.format) stage #\(item.page)\(item.follows ? " (follows the OS)" : "") in a \(item.scheme) scheme"
                + (still ? ", reduced motion" : "")
            // The page it is shown on: the stage's; one that follows the OS is light or dark with it.
            let expectedPage = !item.follows ? item.page
                : item.scheme == "dark" ? (Self.isDark(item.page) ? item.page : "000000") : (Self.isDark(item.page) ? "ffffff" : item.page)
            XCTAssertEqual(item.shownPage, expectedPage, label)
            let query = Dictionary(URLComponents(string: item.chosen)?.queryItems?.map { ($0.name, $0.value ?? "") } ?? [],
                                   uniquingKeysWith: { first, _ in first })
            let dark = Self.isDark(expectedPage)
            // Reduced motion shows the still (a PNG drawn for the page); an SVG for a page that
            // follows the OS follows it itself (theme=auto), any other picture is drawn for its page.
            XCTAssertEqual(URL(string: item.chosen)?.pathExtension, still ? "png" : item.format, "\(label): \(item.chosen)")
            let expectedTheme = !still && item.format == "svg" && item.follows ? "auto" : dark ? "dark" : "light"
            XCTAssertEqual(query["theme"] ?? "light", expectedTheme, "\(label): \(item.chosen)")
            if item.format == "gif" && !still {
                // Blended into the page it is on: the theme's own page colour needs no matte.
                let themePage = dark ? "000000" : "ffffff"
                XCTAssertEqual(query["matte"], expectedPage == themePage ? nil : expectedPage, "\(label): \(item.chosen)")
            } else {
                XCTAssertNil(query["matte"], label)
            }
            // As visible as on white, as far as the page's colour allows (no colour reaches 21:1 on #1b2a3a).
            let white = try XCTUnwrap(reference["\(item.kind).\(item.format) \(item.motion)"])
            let bar = min(white, Self.highestContrast(on: expectedPage))
            XCTAssertGreaterThanOrEqual(item.contrast, bar * Self.tolerance, "\(label) is less visible than on white (\(item.screenshot ?? ""))")
            if white >= 3 { XCTAssertGreaterThanOrEqual(item.contrast, 3, "\(label) is under WCAG's 3:1 (\(item.screenshot ?? ""))") }
            XCTAssertEqual(item.snippet.contains("prefers-color-scheme: dark"), item.follows, "\(label): a dark source only for a page that follows the OS")
        }

        // The playground's own wiring: the stage's page first, the OS scheme when ticked, and copying said on the button.
        let playground = report.playground
        XCTAssertFalse(playground.before.snippet.contains("prefers-color-scheme"), playground.before.snippet)
        XCTAssertTrue(playground.before.snippet.contains("circular.gif?matte=1b2a3a&theme=dark\""), playground.before.snippet)
        XCTAssertTrue(playground.before.label.contains("#1b2a3a page"), playground.before.label)
        // (Its 2x follows in the srcset once the service accepted it: density.js.)
        let darkSource = "media=\"(prefers-color-scheme: dark)\" srcset=\"\(server.url("/spinner/circular.gif?matte=1b2a3a&theme=dark"))"
        XCTAssertTrue(playground.after.snippet.contains(darkSource + "\"") || playground.after.snippet.contains(darkSource + " 1x, "),
                      playground.after.snippet)
        XCTAssertTrue(playground.after.snippet.contains("<img src=\"\(server.url("/spinner/circular.gif"))\""), playground.after.snippet)
        XCTAssertTrue(playground.after.label.contains("light and dark OS scheme"), playground.after.label)
        XCTAssertEqual(playground.copy.idle, "Copy Picture")
        XCTAssertEqual(playground.copy.clicked, "Copied ✓")
        XCTAssertEqual(playground.copy.live, "polite")
        print("picture snippets: \(report.cases.count) pictures on their pages; least visible "
              + (report.cases.min { $0.contrast < $1.contrast }.map { "\($0.kind).\($0.format) on #\($0.shownPage): \($0.contrast):1" } ?? ""))
    }
}
