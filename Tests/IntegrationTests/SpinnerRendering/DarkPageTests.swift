import Foundation
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// `theme=dark` (and `theme=auto` in a dark colour scheme) promises a spinner for a dark
/// page. In Chromium, every kind's default spinner shown on the dark page colour
/// (systemBackground: black) must be at least as visible as the same kind in the light
/// theme on white, and reach WCAG 1.4.11's 3:1 non-text contrast wherever the light theme
/// does. Visibility is the contrast of the most visible part (`browser.py contrast`).
/// Screenshots are kept under `.build/dark-page-screenshots` for people to look at.
final class DarkPageTests: XCTestCase {
    /// Light and dark measurements may differ by antialiasing alone: within 2 %.
    static let tolerance = 0.98

    func testEveryKindIsAsVisibleOnADarkPageAsOnALightOne() throws {
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/dark-page-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        func write(_ kind: SpinnerKind, _ format: OutputFormat, _ theme: String) throws -> String {
            let request = try SpinnerRequest.parse(kind: kind.rawValue, format: format, query: [(name: "theme", value: theme)])
            return try directory.write(try SpinnerRenderer().render(request).bytes, to: "\(kind.rawValue)-\(theme).\(format.rawValue)")
        }
        let kinds = SpinnerKind.allCases
        let light = try kinds.map { try write($0, .svg, "light") }
        let darkFormats: [(OutputFormat, String)] = [(.svg, "auto"), (.svg, "dark"), (.gif, "dark"), (.apng, "dark"), (.webp, "dark")]
        var dark: [String] = []
        for (format, theme) in darkFormats { dark += try kinds.map { try write($0, format, theme) } }

        // Per job, per image: {image, contrast, screenshot} (image_contrast.py).
        let results = try Browser.script.results([
            ["type": "contrast", "images": light, "page": "#ffffff", "colorScheme": "light", "shots": 8, "out": shots.path],
            ["type": "contrast", "images": dark, "page": "#000000", "colorScheme": "dark", "shots": 8, "out": shots.path],
        ], in: directory).map { try $0.asElements }
        XCTAssertEqual(results.map(\.count), [light.count, dark.count])
        let lightContrast = Dictionary(uniqueKeysWithValues: zip(kinds, try results[0].map { try $0.contrast.asDouble }))
        for (index, measured) in results[1].enumerated() {
            let kind = kinds[index % kinds.count]
            let (format, theme) = darkFormats[index / kinds.count]
            let reference = try XCTUnwrap(lightContrast[kind])
            let label = "\(kind.rawValue) \(format.rawValue) theme=\(theme)"
            let contrast = try measured.contrast.asDouble, screenshot = try measured.screenshot.asOptionalString ?? ""
            print("dark page: \(label): \(String(format: "%.2f", contrast)):1 (light on white: \(String(format: "%.2f", reference)):1)")
            XCTAssertGreaterThanOrEqual(contrast, reference * Self.tolerance,
                                        "\(label) is less visible on a dark page than in light (\(screenshot))")
            if reference >= 3 {
                XCTAssertGreaterThanOrEqual(contrast, 3, "\(label) is under WCAG's 3:1 on a dark page")
            }
        }
    }

    /// `capsules` is faint as the original (its peak opacity 0.2, about 1.6:1): `peak=1`
    /// makes it as visible as the other kinds, WCAG's 3:1 or more, light on white and dark
    /// on black, as SVG and as GIF.
    func testCapsulesAtFullPeakReachWCAGsNonTextContrast() throws {
        let directory = try TemporaryDirectory()
        let shots = Repository.root.appendingPathComponent(".build/dark-page-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        func write(_ format: OutputFormat, _ theme: String, _ peak: String) throws -> String {
            let request = try SpinnerRequest.parse(kind: "capsules", format: format, query: [("theme", theme), ("peak", peak)])
            return try directory.write(try SpinnerRenderer().render(request).bytes, to: "capsules-\(theme)-\(peak).\(format.rawValue)")
        }
        let light = try [write(.svg, "light", "1"), write(.gif, "light", "1"), write(.svg, "light", "0.2")]
        let dark = try [write(.svg, "dark", "1"), write(.gif, "dark", "1"), write(.svg, "dark", "0.2")]
        let results = try Browser.script.results([
            ["type": "contrast", "images": light, "page": "#ffffff", "colorScheme": "light", "shots": 8, "out": shots.path],
            ["type": "contrast", "images": dark, "page": "#000000", "colorScheme": "dark", "shots": 8, "out": shots.path],
        ], in: directory).map { try $0.asElements.map { try $0.contrast.asDouble } }
        for (page, contrast) in zip(["white", "black"], results) {
            print("capsules on \(page): peak=1 \(contrast.map { String(format: "%.2f", $0) }) (svg, gif; then peak=0.2 svg)")
            XCTAssertGreaterThanOrEqual(contrast[0], 3, "capsules peak=1 SVG on \(page)")
            XCTAssertGreaterThanOrEqual(contrast[1], 3, "capsules peak=1 GIF on \(page)")
            XCTAssertLessThan(contrast[2], 3, "the control: the original's 0.2 stays faint on \(page)")
        }
    }
}
