import Foundation
import IntegrationSupport
import SpinnerModel
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
        let kinds = SpinnerKind.allCases.map(\.rawValue)
        let pictures = kinds.map { ($0, "gif") } + kinds.map { ($0, "svg") }
            + [("circular", "apng"), ("activity", "apng"), ("circular", "webp"), ("activity", "webp")]
        var cases: [[String: Any]] = []
        for (kind, format) in pictures {
            for page in ["ffffff", "111111", "1b2a3a"] {
                for follows in [false, true] { cases.append(["kind": kind, "format": format, "page": page, "follows": follows]) }
            }
        }
        // The result's members: picture_matrix.py (per case, scheme and motion; then `playground`).
        let report = try Browser.script.result(["type": "pictureMatrix", "url": server.url("/"), "cases": cases, "out": shots.path], in: directory)
        let items = try report.cases.asElements
        XCTAssertEqual(items.count, cases.count * 4)

        // What light on white reaches, per picture and motion: the bar for every other page.
        var reference: [String: Double] = [:]
        // (The most any of its showings on white reached: the same image, in either scheme.)
        for item in items where try item.shownPage.asString == "ffffff" {
            let key = "\(try item.kind.asString).\(try item.format.asString) \(try item.motion.asString)"
            reference[key] = max(reference[key] ?? 0, try item.contrast.asDouble)
        }
        var least: (label: String, contrast: Double)?
        for item in items {
            let kind = try item.kind.asString, format = try item.format.asString, page = try item.page.asString
            let follows = try item.follows.asBool, scheme = try item.scheme.asString, motion = try item.motion.asString
            let chosen = try item.chosen.asString, contrast = try item.contrast.asDouble, snippet = try item.snippet.asString
            let screenshot = try item.screenshot.asOptionalString ?? ""
            let reduced = motion == "reduce"
            let label = "\(kind).\(format) stage #\(page)\(follows ? " (follows the OS)" : "") in a \(scheme) scheme"
                + (reduced ? ", reduced motion" : "")
            // The page it is shown on: the stage's; one that follows the OS is light or dark with it.
            let expectedPage = !follows ? page
                : scheme == "dark" ? (Self.isDark(page) ? page : "000000") : (Self.isDark(page) ? "ffffff" : page)
            XCTAssertEqual(try item.shownPage.asString, expectedPage, label)
            let query = Dictionary(URLComponents(string: chosen)?.queryItems?.map { ($0.name, $0.value ?? "") } ?? [],
                                   uniquingKeysWith: { first, _ in first })
            let dark = Self.isDark(expectedPage)
            // Reduced motion shows the same picture, slowed, never a still (issue 64): the SVG
            // slows itself; a raster's source is the loop four times as long at a quarter of
            // the frame rate. An SVG for a page that follows the OS follows it itself
            // (theme=auto), any other picture is drawn for its page.
            XCTAssertEqual(URL(string: chosen)?.pathExtension, format, "\(label): \(chosen)")
            XCTAssertEqual(query["slowdown"], reduced && format != "svg" ? "4" : nil, "\(label): \(chosen)")
            XCTAssertTrue(try item.moved.asBool, "\(label) did not move in 1.8 s (\(screenshot))")
            let expectedTheme = format == "svg" && follows ? "auto" : dark ? "dark" : "light"
            XCTAssertEqual(query["theme"] ?? "light", expectedTheme, "\(label): \(chosen)")
            if format == "gif" {
                // Blended into the page it is on: the theme's own page colour needs no matte.
                let themePage = dark ? "000000" : "ffffff"
                XCTAssertEqual(query["matte"], expectedPage == themePage ? nil : expectedPage, "\(label): \(chosen)")
            } else {
                XCTAssertNil(query["matte"], label)
            }
            // As visible as on white, as far as the page's colour allows (no colour reaches 21:1 on
            // #1b2a3a). Not asked of a raster's slowed source: its pictures are the same, its
            // theme and matte checked above, and its motion four times as slow, so 1.8 s of
            // screenshots sees a quarter of dots' 8 s pulse, a different quarter in each showing
            // (beside two busy loops one showing on white reached 5.5:1, another 6.6:1).
            let white = try XCTUnwrap(reference["\(kind).\(format) \(motion)"])
            let bar = min(white, Self.highestContrast(on: expectedPage))
            if !(reduced && format != "svg") {
                XCTAssertGreaterThanOrEqual(contrast, bar * Self.tolerance, "\(label) is less visible than on white (\(screenshot))")
                if white >= 3 { XCTAssertGreaterThanOrEqual(contrast, 3, "\(label) is under WCAG's 3:1 (\(screenshot))") }
                if contrast < least?.contrast ?? .infinity { least = ("\(kind).\(format) on #\(expectedPage)", contrast) }
            }
            // (An SVG needs none: theme=auto follows the viewer's scheme itself.)
            XCTAssertEqual(snippet.contains("prefers-color-scheme: dark"), follows && format != "svg",
                           "\(label): a dark source only for a raster on a page that follows the OS")
        }

        // Slow, don't freeze, where the OS asks for less motion (issue 64): in a Chromium
        // launched with --force-prefers-reduced-motion, which reaches the SVG inside <img>
        // too, every picture moves, at least three times slower than with no preference
        // (a raster: its slowed source's loop; an SVG: its own animations' durations).
        let forced = try report.forced.asElements
        XCTAssertEqual(forced.count, pictures.count)
        var slowed: [String] = []
        for item in forced {
            let label = "\(try item.kind.asString).\(try item.format.asString) with --force-prefers-reduced-motion"
            XCTAssertTrue(try item.reduce.asBool, "\(label): the page does not match prefers-reduced-motion: reduce")
            XCTAssertTrue(try item.moved.asBool, "\(label) did not move in 1.8 s")
            let by = try item.slowedBy.asDouble
            let chosen = try item.chosen.asString, plain = try item.plain.asString, raster = try item.format.asString != "svg"
            XCTAssertGreaterThanOrEqual(by, 3, "\(label): slowed \(by)× (\(chosen) against \(plain))")
            XCTAssertEqual(chosen != plain, raster, "\(label): a raster's slowed source, an SVG's own file: \(chosen)")
            slowed.append("\(try item.kind.asString).\(try item.format.asString) \(by)×")
        }
        print("picture snippets with --force-prefers-reduced-motion: moved, slowed " + slowed.joined(separator: ", "))

        // The playground's own wiring: the stage's page first, the OS scheme when ticked, and copying said on the button.
        let playground = report.playground
        let before = try playground.before.snippet.asString, beforeLabel = try playground.before.label.asString
        let after = try playground.after.snippet.asString, afterLabel = try playground.after.label.asString
        XCTAssertFalse(before.contains("prefers-color-scheme"), before)
        XCTAssertTrue(before.contains("circular.gif?matte=1b2a3a&theme=dark\""), before)
        XCTAssertTrue(beforeLabel.contains("#1b2a3a page"), beforeLabel)
        // (Its 2x follows in the srcset once the service accepted it: density.js.)
        let darkSource = "media=\"(prefers-color-scheme: dark)\" srcset=\"\(server.url("/spinner/circular.gif?matte=1b2a3a&theme=dark"))"
        XCTAssertTrue(after.contains(darkSource + "\"") || after.contains(darkSource + " 1x, "), after)
        XCTAssertTrue(after.contains("<img src=\"\(server.url("/spinner/circular.gif"))\""), after)
        XCTAssertTrue(afterLabel.contains("light and dark OS scheme"), afterLabel)
        XCTAssertEqual(try playground.copy.idle.asString, "Copy Picture")
        XCTAssertEqual(try playground.copy.clicked.asString, "Copied ✓")
        XCTAssertEqual(try playground.copy.live.asOptionalString, "polite")
        print("picture snippets: \(items.count) pictures on their pages; least visible "
              + (least.map { "\($0.label): \($0.contrast):1" } ?? ""))
    }
}
