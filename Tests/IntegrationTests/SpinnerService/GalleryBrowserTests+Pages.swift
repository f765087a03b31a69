import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground on the pages people put spinners on (issue 29), in Chromium, light and
/// dark at 1280 and 390 px: spinnerd_tools.gallery_pages (tools/).
extension GalleryBrowserTests {
    private struct PagesReport: Decodable {
        struct Start: Decodable { let stage: String; let pressed: [String]; let address: String; let note: String? }
        struct Heading: Decodable { let legend: String?; let shown: Bool; let fields: Int }
        struct Custom: Decodable {
            let stage: String, url: String, picture: String, preview: String, note: String?, matteText: String
            let matteButton: Bool, matteReason: String, pressed: [String]
        }
        struct DarkGIF: Decodable {
            let url: String; let disabled: Bool; let reason: String; let advice: String; let quality: Bool; let gridCell: String
        }
        struct Dense: Decodable {
            let html: String; let picture: String; let download: String?; let name: String; let width: Int
            let triple: String; let tripleWidth: Int; let size: Int
        }
        struct Comparison: Decodable {
            let note: String; let src: String; let preview: String; let pressed: String; let side: Bool; let inside: Bool; let shown: Bool
        }
        struct Hints: Decodable { let tallest: Double; let matteFolded: Double; let matteMoreShown: Bool; let matteOpen: Double; let expanded: String? }
        struct Swatch: Decodable { let colour: String; let image: String; let resolved: String?; let picker: String }
        struct Problem: Decodable {
            let title: String
            let detail: String
            let parameter: String?
            let largest_size: Int?
            let highest_fps: Int?
        }
        struct ErrorState: Decodable {
            let invalid: Bool, ariaInvalid: String?, message: String, errorColour: String, bodyColour: String
            let border: String, normalBorder: String, field: [Double], error: [Double], input: [Double]
            let status: String, size: String, described: String?, cells: [String: String], problem: Problem?
        }
        struct Lottie: Decodable {
            let previewNote: String?, stageNote: String?, advice: String?, matteShown: Bool
            let chosen: [String], other: [String], pressed: String
        }
        struct Snippet: Decodable { let id: String; let width: Double; let cut: Bool }
        struct Fit: Decodable {
            let kind: String, size: Int, pinned: [Double], stage: [Double], preview: [Double], height: Double, width: Double
        }
        struct View: Decodable {
            let start: Start
            let headings: [Heading]
            let custom: [String: Custom]
            let darkGif: DarkGIF
            let compare: Comparison
            let dense: Dense
            let hints: Hints
            let swatches: [String: Swatch]
            let error: ErrorState
            let lottie: Lottie
            let snippets: [String: [Snippet]]
            let fit: [Fit]?
            let gradient: [String: Gradient]
        }
        struct Gradient: Decodable {
            let url: String; let preview: String; let loaded: Bool; let stops: Int; let addDisabled: Bool
            let panel: [Double]; let width: Double; let swatch: String?; let swatchImage: String; let invalid: Bool; let error: String
        }
        struct Opened: Decodable { let previewHidden: Bool; let message: String }
        let views: [String: View]
        let openedRefused: Opened
        let sizesGrid: [String: SizesGrid]
        struct SizesGrid: Decodable { let cells: Int; let bad: [String] }
        let denseRefused: DenseRefused
        struct DenseRefused: Decodable { let html: String; let picture: String; let download: Bool }
    }

    func testThePlaygroundFitsDarkPagesAndPhonesShowsColoursAsTheyAreAndErrorsAtTheirField() throws {
        let server = try ServerProcess()
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let directory = try TemporaryDirectory()
        let report = try XCTUnwrap(try JSONDecoder().decode([PagesReport].self, from: try Browser.run(
            [["type": "galleryPages", "url": server.url("/"), "out": shots.path]], in: directory)).first)
        XCTAssertEqual(Set(report.views.keys), ["light-desktop", "light-phone", "dark-desktop", "dark-phone"])
        // A 2x the budget refuses (dots' APNG at 300 px) is never offered: no srcset, no 2x download.
        // (Its still, one PNG frame, is admitted at 2x and offered so.)
        XCTAssertFalse(report.denseRefused.html.contains("srcset") || report.denseRefused.picture.contains(".apng?size=300&scale=2"),
                       "\(report.denseRefused.html)\n\(report.denseRefused.picture)")
        XCTAssertTrue(report.denseRefused.download, "a refused 2x is offered for download")
        // The sizes grid with its longest texts never overlaps, at any width from 320 to 1920 px.
        XCTAssertEqual(report.sizesGrid.count, 12)
        for (width, grid) in report.sizesGrid.sorted(by: { Int($0.key) ?? 0 < Int($1.key) ?? 0 }) {
            XCTAssertGreaterThanOrEqual(grid.cells, 6, "at \(width) px")
            XCTAssertEqual(grid.bad, [], "at \(width) px")
        }
        // Opened on a refused address (size=1024 APNG): the reason at the field, no broken preview.
        XCTAssertTrue(report.openedRefused.previewHidden, "a refused first address shows a broken image")
        XCTAssertTrue(report.openedRefused.message.contains("Over the render budget")
                      && report.openedRefused.message.contains("until the service accepts"), report.openedRefused.message)
        for (name, view) in report.views.sorted(by: { $0.key < $1.key }) {
            let dark = name.hasPrefix("dark")
            // A first visit's stage is a white page whatever the OS scheme (the snippets are for the
            // page being built, issue 50); a dark OS is told how to name a dark page.
            XCTAssertEqual(view.start.stage, "rgb(255, 255, 255)", name)
            XCTAssertEqual(view.start.pressed, ["light"], name)
            XCTAssertFalse(view.start.address.contains("theme=dark"), "\(name): \(view.start.address)")
            XCTAssertEqual(view.start.note?.contains("Your OS is dark") ?? false, dark, "\(name): \(view.start.note ?? "no note")")

            // The form keeps its sections after the script builds the fields.
            XCTAssertEqual(view.headings.map(\.legend), ["Look and motion", "Output"], name)
            XCTAssertTrue(view.headings.allSatisfy { $0.shown && $0.fields > 0 }, "\(name): \(view.headings)")

            // A dark page of one's own: theme=dark by its luminance, a GIF's matte its colour, a
            // <picture> drawn for that page (no dark source: the page does not follow the OS
            // unless the designer says so, PictureSnippetTests); a light one: no theme, its matte.
            let night = try XCTUnwrap(view.custom["#1b2a3a"], name)
            XCTAssertEqual(night.stage, "rgb(27, 42, 58)", name)
            XCTAssertTrue(night.url.contains("theme=dark") && night.url.contains("matte=1b2a3a"), "\(name): \(night.url)")
            XCTAssertTrue(night.preview.contains("theme=dark") && night.preview.contains("matte=1b2a3a"), "\(name): \(night.preview)")
            XCTAssertEqual(night.pressed, [], "\(name): Light or Dark stays pressed on a page colour of one's own")
            XCTAssertEqual(night.matteText, "1b2a3a", name)
            XCTAssertTrue(night.note?.contains("#1b2a3a") ?? false, "\(name): \(night.note ?? "no note")")
            XCTAssertFalse(night.picture.contains("prefers-color-scheme: dark"), "\(name): \(night.picture)")
            XCTAssertTrue(night.picture.range(of: #"<img src="[^"]*\.gif\?matte=1b2a3a&theme=dark" "#, options: .regularExpression) != nil,
                          "\(name): the picture's <img> is the #1b2a3a page's: \(night.picture)")
            XCTAssertTrue(night.matteButton && night.matteReason.contains("Nothing to do"), "\(name): \(night.matteReason)")
            let day = try XCTUnwrap(view.custom["#f5e6c8"], name)
            XCTAssertEqual(day.stage, "rgb(245, 230, 200)", name)
            XCTAssertTrue(day.url.contains("matte=f5e6c8") && !day.url.contains("theme="), "\(name): \(day.url)")

            // Blending a GIF's edges into the Dark stage makes the same bytes: disabled, and why.
            XCTAssertFalse(view.darkGif.url.contains("matte"), "\(name): \(view.darkGif.url)")
            XCTAssertTrue(view.darkGif.disabled && view.darkGif.reason.contains("default matte"), "\(name): \(view.darkGif.reason)")
            // quality is an output setting, and the advice says what quality=80 saves on this GIF.
            XCTAssertTrue(view.darkGif.quality, name)
            XCTAssertNotNil(view.darkGif.advice.range(of: #"At quality=80 this GIF is [0-9.]+ KB instead of [0-9.]+ KB \([0-9]+ % smaller"#,
                                                      options: .regularExpression), "\(name): \(view.darkGif.advice)")
            // The sizes grid shows it beside the lossless size, and "Compare quality" puts both on
            // the stage: the lossless preview on the left, quality=80 on its right, with their sizes.
            XCTAssertNotNil(view.darkGif.gridCell.range(of: #"^[0-9.]+ KB · [0-9.]+ KB at quality=80$"#, options: .regularExpression),
                            "\(name): \(view.darkGif.gridCell)")
            XCTAssertEqual(view.compare.pressed, "true", name)
            // Sharp on phones: the <img> and every raster of the <picture> carry their accepted 2x,
            // which decodes twice as wide, and a 3x where the service accepted it and it weighs
            // at most 200 KB (the still's PNG: a few KB), three times as wide; the 2x is offered
            // for download beside the 1x.
            let dense = view.dense
            XCTAssertTrue(dense.html.contains(".gif?theme=dark&scale=2 2x"), "\(name): \(dense.html)")
            XCTAssertEqual(dense.width, dense.size * 2, "\(name): the 2x decodes \(dense.width) px wide for \(dense.size)")
            if !dense.triple.isEmpty {
                XCTAssertTrue(dense.triple.hasSuffix(".gif?theme=dark&scale=3"), "\(name): \(dense.html)")
                XCTAssertEqual(dense.tripleWidth, dense.size * 3, "\(name): the 3x decodes \(dense.tripleWidth) px wide for \(dense.size)")
            }
            XCTAssertTrue(dense.picture.contains("<img src=") && dense.picture.contains(".gif?theme=dark&scale=2 2x"), "\(name): \(dense.picture)")
            XCTAssertTrue(dense.picture.contains(".png?theme=dark 1x, ") && dense.picture.contains(".png?theme=dark&scale=2 2x, ")
                          && dense.picture.contains(".png?theme=dark&scale=3 3x"), "\(name): the still's 2x and 3x: \(dense.picture)")
            XCTAssertTrue(dense.download?.contains("scale=2") ?? false, "\(name): \(dense.download ?? "no 2x download")")
            XCTAssertTrue(dense.name.hasSuffix("@2x.gif"), "\(name): \(dense.name)")
            XCTAssertTrue(view.compare.src.contains("quality=80") && !view.compare.preview.contains("quality="),
                          "\(name): \(view.compare.preview) beside \(view.compare.src)")
            XCTAssertTrue(view.compare.shown && view.compare.side && view.compare.inside, "\(name): \(view.compare)")
            XCTAssertNotNil(view.compare.note.range(of: #"Left: lossless GIF, [0-9.]+ KB\. Right: quality=80, [0-9.]+ KB \([0-9]+ % smaller\)"#,
                                                    options: .regularExpression), "\(name): \(view.compare.note)")

            // Help is two lines at most until "more".
            XCTAssertLessThanOrEqual(view.hints.tallest, 2.05, "\(name): a hint is taller than two lines")
            XCTAssertLessThanOrEqual(view.hints.matteFolded, 2.05, name)
            XCTAssertTrue(view.hints.matteMoreShown, "\(name): the matte's long hint has no more toggle")
            XCTAssertGreaterThan(view.hints.matteOpen, 3, "\(name): more did not open the matte's hint")
            XCTAssertEqual(view.hints.expanded, "true", name)

            // Swatches show the colour the service draws, in the stage's theme; the picker
            // opens at it; the checkerboard only for the clear background.
            let expected: [String: (String, String)] = dark
                ? ["systemBlue": ("rgb(10, 132, 255)", "#0a84ff"), "label": ("rgb(255, 255, 255)", "#ffffff"),
                   "systemBackground": ("rgb(0, 0, 0)", "#000000")]
                : ["systemBlue": ("rgb(0, 122, 255)", "#007aff"), "label": ("rgb(0, 0, 0)", "#000000"),
                   "systemBackground": ("rgb(255, 255, 255)", "#ffffff")]
            for (colour, (css, hex)) in expected {
                let swatch = try XCTUnwrap(view.swatches[colour], "\(name): \(colour)")
                XCTAssertEqual(swatch.colour, css, "\(name): \(colour)'s swatch")
                XCTAssertEqual(swatch.image, "none", "\(name): \(colour)'s swatch shows a checkerboard")
                XCTAssertEqual(swatch.picker, hex, "\(name): \(colour)'s picker")
            }
            // An unset colour the style chooses shows the style's own: hierarchy's puck is label.
            let unset = try XCTUnwrap(view.swatches["unset"], name)
            XCTAssertEqual(unset.colour, expected["label"]?.0, "\(name): the unset colour's swatch is not the style's label")
            XCTAssertEqual(unset.image, "none", "\(name): the unset colour shows stripes or a checkerboard")
            let clear = try XCTUnwrap(view.swatches["background"], name)
            XCTAssertTrue(clear.image.contains("conic-gradient") && clear.resolved == "transparent", "\(name): \(clear)")

            // An error at its field: an error state, its message beside it (not under the
            // preview), the sizes table's reason, no bare status code.
            let error = view.error
            XCTAssertTrue(error.invalid, name)
            XCTAssertEqual(error.ariaInvalid, "true", name)
            XCTAssertNotEqual(error.border, error.normalBorder, "\(name): the invalid field's border looks like any other")
            XCTAssertEqual(error.border, error.errorColour, name)
            XCTAssertNotEqual(error.errorColour, error.bodyColour, name)
            XCTAssertTrue(error.described?.contains("p-size-error") ?? false, name)
            XCTAssertTrue(error.error[1] >= error.input[3] - 1 && error.error[1] - error.input[3] < 24
                          && error.error[0] >= error.field[0] && error.error[2] <= error.field[2] + 1,
                          "\(name): the message is not beside its field: field \(error.field), input \(error.input), message \(error.error)")
            XCTAssertEqual(error.status, "", "\(name): the message is under the preview too")
            XCTAssertEqual(error.size, "refused", name)
            let problem = try XCTUnwrap(error.problem, "\(name): size=1024 APNG was not refused")
            XCTAssertEqual(problem.title, "Render budget exceeded")
            // The largest admitted size when the service says it (issue 29), else its sentence.
            let reason: String
            if let largest = problem.largest_size {
                reason = "at most \(largest) px at this speed"
            } else if let fps = problem.highest_fps {
                reason = "at most \(fps) fps"
            } else {
                reason = problem.detail.prefix(1).lowercased() + problem.detail.dropFirst()
            }
            XCTAssertTrue(error.message.contains("Over the render budget: " + reason), "\(name): \(error.message)")
            // The reason is said by the first format it refuses; one refused alike points there.
            for format in ["apng", "gif", "webp"] {
                let cell = error.cells[format] ?? ""
                let said = cell.contains("refused: over the render budget") || (format != "apng" && cell.contains("refused (as APNG)"))
                XCTAssertTrue(said && !cell.contains("error 4"), "\(name): \(format): \(cell)")
            }
            XCTAssertTrue(error.cells["svg"]?.hasSuffix("KB") ?? false, "\(name): SVG takes size=1024: \(error.cells)")

            // Lottie mode speaks of Lottie only; the chosen format is filled like the pressed stage.
            let lottie = view.lottie
            XCTAssertTrue(lottie.previewNote?.hasPrefix("Played by lottie-web") ?? false, "\(name): \(lottie.previewNote ?? "no note")")
            for text in [lottie.previewNote, lottie.stageNote, lottie.advice].compactMap({ $0 }) {
                XCTAssertFalse(text.contains("GIF") || text.contains("WebP") || text.contains("<picture>"), "\(name): \(text)")
            }
            XCTAssertTrue(lottie.advice?.contains("Lottie") ?? false, name)
            XCTAssertFalse(lottie.matteShown, name)
            XCTAssertEqual(lottie.chosen.first, lottie.pressed, "\(name): the chosen format is not filled as the pressed stage is")
            XCTAssertNotEqual(lottie.chosen, lottie.other, name)

            // Snippet boxes: one width, nothing cut.
            for (format, boxes) in view.snippets {
                XCTAssertGreaterThanOrEqual(boxes.count, 4, "\(name) \(format)")
                let widths = boxes.map(\.width)
                XCTAssertLessThanOrEqual((widths.max() ?? 0) - (widths.min() ?? 0), 1, "\(name) \(format): \(boxes)")
                XCTAssertEqual(boxes.filter(\.cut).map(\.id), [], "\(name) \(format): cut snippets")
            }

            // The gradient editor: a preset, a stop added, the kind changed and a stop dragged,
            // each in the URL and the preview; the panel within the page; a typed error at its field.
            let preset = try XCTUnwrap(view.gradient["preset"], name)
            XCTAssertTrue(preset.url.contains("color=conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"), "\(name): \(preset.url)")
            XCTAssertTrue(preset.preview.contains("color=conic-gradient("), "\(name): \(preset.preview)")
            XCTAssertTrue(preset.loaded, "\(name): the preview of the rainbow did not load")
            XCTAssertEqual(preset.stops, 7, name)
            XCTAssertEqual(preset.swatch, "gradient", name)
            XCTAssertTrue(preset.swatchImage.contains("conic-gradient"), "\(name): \(preset.swatchImage)")
            XCTAssertTrue(preset.panel[0] >= 0 && preset.panel[1] <= preset.width, "\(name): the editor leaves the page: \(preset.panel)")
            let edited = try XCTUnwrap(view.gradient["edited"], name)
            XCTAssertEqual(edited.stops, 8, name)
            XCTAssertTrue(edited.addDisabled, "\(name): a ninth stop could be added")
            XCTAssertTrue(edited.url.contains("color=linear-gradient(90deg,") && edited.url.contains(" 5%"), "\(name): \(edited.url)")
            XCTAssertTrue(edited.loaded && !edited.invalid, "\(name): \(edited.error)")
            let broken = try XCTUnwrap(view.gradient["broken"], name)
            XCTAssertTrue(broken.invalid && broken.error.contains("parentheses"), "\(name): \(broken.error)")

            // A phone: the pinned preview at most a quarter of the screen, every kind at its
            // default size inside the stage.
            if name.hasSuffix("phone") {
                let fit = try XCTUnwrap(view.fit, name)
                XCTAssertEqual(fit.map(\.kind), ["circular", "activity", "dots", "arc", "capsules"], name)
                for kind in fit {
                    // The phone's own 390 × 844 (a page wider than the screen is zoomed out).
                    XCTAssertEqual([kind.width, kind.height], [390, 844], "\(name): the page is zoomed out: \(kind)")
                    XCTAssertLessThanOrEqual(kind.pinned[3] - kind.pinned[1], 844 * 0.25 + 1,
                                             "\(name): the pinned preview is taller than a quarter of the screen: \(kind)")
                    XCTAssertTrue(kind.preview[0] >= kind.stage[0] - 0.5 && kind.preview[1] >= kind.stage[1] - 0.5
                                  && kind.preview[2] <= kind.stage[2] + 0.5 && kind.preview[3] <= kind.stage[3] + 0.5
                                  && kind.preview[2] - kind.preview[0] > 20,
                                  "\(name): \(kind.kind) at \(kind.size) px is cut by the stage: \(kind)")
                }
                XCTAssertEqual(fit.last?.size, 215, name)
            }
        }
    }
}
