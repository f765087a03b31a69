import Foundation
import IntegrationSupport
import UnitSupport
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
            /// The lottie-web snippet pasted into a white page in each OS scheme: pixels of the
            /// URL's red puck and of the track's light and dark colours, and what the page raised.
            struct Scheme: Decodable { let red: Int; let lightTrack: Int; let darkTrack: Int; let screenshot: String }
            struct Played: Decodable { let light: Scheme; let dark: Scheme; let problems: [String] }
            let webSnippet: Played
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
            XCTAssertTrue(kind.changed, "\(kind.name) did not move within 15 s of screenshots")
        }
        XCTAssertEqual(report.steps.map(\.control), ["stroke", "color", "format", "pagecolour", "page", "lottie", "gif"])
        for step in report.steps { XCTAssertNotEqual(step.before, step.after, step.control) }
        XCTAssertTrue(report.steps[0].after.contains("stroke=15"), report.steps[0].after)
        XCTAssertTrue(report.steps[1].after.contains("color=ff3b30"), report.steps[1].after)
        XCTAssertTrue(report.steps[2].after.hasPrefix("/spinner/circular.gif?"), report.steps[2].after)
        XCTAssertTrue(report.steps[3].after.contains("matte=1b2a3a") && report.steps[3].after.contains("theme=dark"),
                      "matte and theme follow a dark page colour of one's own: \(report.steps[3].after)")
        // The Dark stage's colour is the dark theme's default matte (black): no matte= needed.
        XCTAssertTrue(report.steps[4].after.contains("theme=dark") && !report.steps[4].after.contains("matte"),
                      "the theme follows the dark stage: \(report.steps[4].after)")
        XCTAssertTrue(report.copiedURL.hasSuffix(report.steps[2].after), report.copiedURL)
        XCTAssertTrue(report.bytesMatch, "the copied URL did not return the image the page showed")
        XCTAssertTrue(report.sizeText.contains("KB") || report.sizeText.contains("bytes"), report.sizeText)
        XCTAssertTrue(report.htmlSnippet.contains("width=\"60\" height=\"60\" alt=\"Loading\" role=\"status\""), report.htmlSnippet)
        XCTAssertTrue(report.pictureSnippet.contains("prefers-reduced-motion: reduce") && report.pictureSnippet.contains(".png"),
                      report.pictureSnippet)
        // Whether WebP comes first depends on the sizes measured (testGalleryWorksForPeople…).
        XCTAssertEqual(report.formatSizes.keys.sorted(), ["apng", "gif", "lottie", "lottie-gzip", "svg", "svg-gzip", "webp"])
        // The chosen raster's cell may also show its quality=80 size once that is in.
        for (format, text) in report.formatSizes {
            XCTAssertNotNil(text.range(of: #" [0-9.]+ (KB|bytes)( · [0-9.]+ (KB|bytes) at quality=80)?$"#, options: .regularExpression),
                            "\(format): \(text)")
        }
        // Lottie: the stage plays the document in lottie-web (the page says so; the hidden
        // SVG preview keeps the same settings), the URL is the .json document, and the
        // snippets are the apps' (lottie-ios, lottie-android, Flutter, React Native,
        // lottie-web, the dotLottie players), each playing the URL and recolouring puck and
        // track; lottie-web's, pasted into a page, draws the chosen red puck, and the track
        // in each OS scheme's colour.
        let lottie = report.lottie
        XCTAssertTrue(report.steps[5].after.hasPrefix("/spinner/circular.svg?") && report.steps[5].after.contains("stroke=15")
                      && report.steps[5].after.contains("color=ff3b30") && !report.steps[5].after.contains("matte"), report.steps[5].after)
        XCTAssertTrue(lottie.noteShown && lottie.note.contains("Played by lottie-web"), lottie.note)
        XCTAssertTrue(lottie.noteHiddenAgain, "the note stays after leaving Lottie")
        XCTAssertTrue(lottie.url.contains("/spinner/circular.json?") && lottie.url.contains("stroke=15"), lottie.url)
        XCTAssertEqual(lottie.contentType, "application/json")
        XCTAssertEqual(lottie.document, "spinnerd circular")
        XCTAssertEqual(lottie.shown, ["url": true, "html": false, "markdown": false, "picture": false, "ios": true, "android": true,
                                      "flutter": true, "react-native": true, "web": true, "dotlottie": true])
        XCTAssertTrue(lottie.snippets["ios"]?.contains("LottieAnimation.loadedFrom(url: URL(string: \"\(lottie.url)\")") ?? false,
                      "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["android"]?.contains("LottieCompositionSpec.Url(\"\(lottie.url)\")") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["flutter"]?.contains("Lottie.network('\(lottie.url)'") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["react-native"]?.contains("source={{ uri: '\(lottie.url)' }}") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["web"]?.contains("fetch(\"\(lottie.url)\")") ?? false, "\(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["web"]?.contains("<script src=") ?? false, "the lottie-web snippet loads the player: \(lottie.snippets)")
        XCTAssertTrue(lottie.snippets["dotlottie"]?.contains("src: \"\(lottie.url)\"") ?? false, "\(lottie.snippets)")
        for app in ["ios", "android", "flutter", "react-native"] {
            XCTAssertTrue(lottie.snippets[app]?.contains("Puck") ?? false, "\(app): the snippet recolours the puck by its keypath")
            XCTAssertTrue(lottie.snippets[app]?.contains("Track") ?? false, "\(app): the snippet recolours the track by its keypath")
        }
        for app in ["web", "dotlottie"] {
            XCTAssertTrue(lottie.snippets[app]?.contains("\"puck\"") ?? false, "\(app): the snippet recolours the puck by its slot")
            XCTAssertTrue(lottie.snippets[app]?.contains("\"track\"") ?? false, "\(app): the snippet recolours the track by its slot")
        }
        // Played: the chosen red puck in both schemes; the track in each scheme's colour.
        let played = lottie.webSnippet
        XCTAssertEqual(played.problems, [], "the lottie-web snippet raised errors")
        for (scheme, shown) in [("light", played.light), ("dark", played.dark)] {
            XCTAssertGreaterThan(shown.red, 20, "\(scheme): the lottie-web snippet's puck is not the chosen red: \(shown.screenshot)")
        }
        // (A light track's antialiased edge over white comes near the dark colour: dozens of
        // pixels against a thousand.)
        XCTAssertGreaterThan(played.light.lightTrack, 10 * max(20, played.light.darkTrack),
                             "light: the track is not secondaryLabel's light colour: \(played.light.screenshot)")
        XCTAssertGreaterThan(played.dark.darkTrack, 10 * max(20, played.dark.lightTrack),
                             "dark: the track is not secondaryLabel's dark colour: \(played.dark.screenshot)")
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

    private struct PeopleReport: Decodable {
        struct View: Decodable {
            let tiles: [String: Double]
            let toggles: [[String?]]
            let screenshot: String
            let overflows: Bool
            let axe: [String]?
        }
        struct Stage: Decodable { let url: String; let noteShown: Bool }
        struct DarkStage: Decodable { let preview: String; let url: String; let noteShown: Bool; let theme: String }
        struct Focus: Decodable { let reached: [String]; let withoutVisibleFocus: [String] }
        struct Download: Decodable { let name: String; let href: String; let matches: Bool }
        struct ColourState: Decodable { let preview: String?; let url: String; let status: String?; let address: String?; let invalid: String? }
        struct Colour: Decodable { let before: ColourState; let refused: ColourState; let accepted: ColourState; let acceptedStatus: Int }
        struct Picture: Decodable { let snippet: String; let advice: String; let gifBytes: Int; let webpBytes: Int }
        struct Phone: Decodable { let preview: [Double]; let color: [Double]; let height: Double }
        let views: [String: View]
        let darkStage: DarkStage
        let lightStage: Stage
        let focus: Focus
        let download: Download
        let colour: Colour
        let picture: Picture
        let phone: Phone
    }

    /// The gallery as people meet it (issue 19), in Chromium: light and dark colour
    /// schemes at 1280 and 390 px; the dark stage; focus; download; refused colours;
    /// honest <picture> advice; the phone.
    func testGalleryWorksForPeopleInLightAndDarkOnDesktopAndPhone() throws {
        let server = try ServerProcess()
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let directory = try TemporaryDirectory()
        let report = try XCTUnwrap(try JSONDecoder().decode([PeopleReport].self, from: try Browser.run(
            [["type": "galleryForPeople", "url": server.url("/"), "out": shots.path]], in: directory)).first)

        XCTAssertEqual(Set(report.views.keys), ["light-desktop", "light-phone", "dark-desktop", "dark-phone"])
        for (name, view) in report.views.sorted(by: { $0.key < $1.key }) {
            print("gallery \(name): tile contrast \(view.tiles.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value):1" }.joined(separator: ", ")); \(view.screenshot)")
            XCTAssertEqual(view.tiles.count, 5, name)
            // Every tile at least 3:1 on its card, but capsules, whose seed peaks at 0.2
            // opacity (about 1.6:1 on white in every format, by design): it must be no less
            // visible in the dark scheme than in the light one.
            let light = try XCTUnwrap(report.views[name.replacingOccurrences(of: "dark", with: "light")])
            for (kind, contrast) in view.tiles {
                if kind == "capsules" {
                    XCTAssertGreaterThanOrEqual(contrast, (light.tiles[kind] ?? 0) * 0.95, "\(name): capsules' tile is less visible than in light")
                } else {
                    XCTAssertGreaterThanOrEqual(contrast, 3, "\(name): \(kind)'s tile is under 3:1 on its card")
                }
            }
            let pressed = view.toggles.filter { $0.first == "true" }, other = view.toggles.filter { $0.first == "false" }
            XCTAssertEqual(pressed.count, 1, name)
            XCTAssertNotEqual(pressed.first?.dropFirst().map { $0 ?? "" }, other.first?.dropFirst().map { $0 ?? "" },
                              "\(name): the pressed stage button looks like the other")
            XCTAssertFalse(view.overflows, "\(name) scrolls sideways")
            if let axe = view.axe { XCTAssertEqual(axe, [], "\(name): axe-core violations") }
        }
        XCTAssertTrue(report.darkStage.url.contains("theme=dark") && report.darkStage.preview.contains("theme=dark"), "\(report.darkStage)")
        XCTAssertTrue(report.darkStage.noteShown)
        XCTAssertEqual(report.darkStage.theme, "dark")
        XCTAssertFalse(report.lightStage.url.contains("theme="), report.lightStage.url)
        XCTAssertFalse(report.lightStage.noteShown)

        print("gallery focus: \(report.focus.reached.count) controls reached by Tab")
        XCTAssertGreaterThan(report.focus.reached.count, 20, "\(report.focus.reached)")
        XCTAssertEqual(report.focus.withoutVisibleFocus, [], "controls without a visible focus indicator")
        for control in ["f-svg", "p-stroke", "p-color", "download", "snippet-url"] {
            XCTAssertTrue(report.focus.reached.contains { $0.hasPrefix(control + " ") }, "Tab never reaches \(control): \(report.focus.reached)")
        }

        XCTAssertTrue(report.download.matches, "the downloaded file is not the current URL's")
        XCTAssertEqual(report.download.name, "circular.gif")

        let colour = report.colour
        XCTAssertEqual(colour.refused.preview, colour.before.preview, "a refused colour reached the preview")
        XCTAssertEqual(colour.refused.url, colour.before.url, "a refused colour reached the copied URL")
        XCTAssertFalse(colour.refused.address?.contains("256") ?? true, "a refused colour reached the address bar")
        XCTAssertTrue(colour.refused.status?.contains("color") ?? false, "the colour's field says why: \(colour.refused.status ?? "")")
        XCTAssertNotEqual(colour.accepted.url, colour.before.url)
        XCTAssertEqual(colour.acceptedStatus, 200)
        XCTAssertEqual(colour.accepted.invalid, "false")
        XCTAssertEqual(colour.accepted.status, "")

        // The first source of the <picture> is never larger than its fallback, unless the page says why.
        let picture = report.picture
        print("gallery picture advice (circular, color=ff3b30): GIF \(picture.gifBytes) bytes, WebP \(picture.webpBytes) bytes: \(picture.advice)")
        if picture.snippet.contains("image/webp") {
            XCTAssertLessThanOrEqual(picture.webpBytes, picture.gifBytes, picture.snippet)
        } else if picture.webpBytes < picture.gifBytes {
            XCTFail("a smaller WebP is not offered: \(picture.snippet)")
        } else {
            XCTAssertTrue(picture.advice.contains("GIF is smallest"), picture.advice)
        }

        let phone = report.phone
        XCTAssertTrue(phone.preview[1] > 0 && phone.preview[0] < phone.height, "the preview is off screen while editing color: \(phone)")
        XCTAssertTrue(phone.color[1] > 0 && phone.color[0] < phone.height, "\(phone)")
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
        XCTAssertTrue(policy.contains("script-src 'self'"))
        XCTAssertFalse(policy.contains("unsafe-inline"))
    }
}
