import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The playground on the pages people put spinners on (issue 29), in Chromium, light and
/// dark at 1280 and 390 px: spinnerd_tools.gallery_pages (tools/).
extension GalleryBrowserTests {
    /// The largest mean channel difference (0–255) between "Compare quality"'s two panes
    /// pictured at one instant: the lossy GIF against the lossless one, both in step.
    static let panesInStep = 4.0

    func testThePlaygroundFitsDarkPagesAndPhonesShowsColoursAsTheyAreAndErrorsAtTheirField() throws {
        let server = try ServerProcess()
        let shots = Repository.root.appendingPathComponent(".build/gallery-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let directory = try TemporaryDirectory()
        // The result's members: gallery_pages.py's docstring and each section's function there.
        let report = try Browser.script.result(["type": "galleryPages", "url": server.url("/"), "out": shots.path], in: directory)
        let views = try report.views.asMembers
        XCTAssertEqual(Set(views.keys), ["light-desktop", "light-phone", "dark-desktop", "dark-phone"])
        // A 2x the budget refuses (dots' APNG at 300 px) is never offered: no srcset, no 2x download.
        // (Its still, one PNG frame, is admitted at 2x and offered so.)
        let refusedHTML = try report.denseRefused.html.asString, refusedPicture = try report.denseRefused.picture.asString
        XCTAssertFalse(refusedHTML.contains("srcset") || refusedPicture.contains(".apng?size=300&scale=2"), "\(refusedHTML)\n\(refusedPicture)")
        XCTAssertTrue(try report.denseRefused.download.asBool, "a refused 2x is offered for download")
        // The sizes grid with its longest texts never overlaps, at any width from 320 to 1920 px.
        let sizesGrid = try report.sizesGrid.asMembers
        XCTAssertEqual(sizesGrid.count, 12)
        for (width, grid) in sizesGrid.sorted(by: { Int($0.key) ?? 0 < Int($1.key) ?? 0 }) {
            XCTAssertGreaterThanOrEqual(try grid.cells.asInt, 6, "at \(width) px")
            XCTAssertEqual(try grid.bad.asStrings, [], "at \(width) px")
        }
        // Opened on a refused address (size=1024 APNG): the reason at the field, no broken preview.
        XCTAssertTrue(try report.openedRefused.previewHidden.asBool, "a refused first address shows a broken image")
        let openedMessage = try report.openedRefused.message.asString
        XCTAssertTrue(openedMessage.contains("Over the render budget") && openedMessage.contains("until the service accepts"), openedMessage)
        for (name, view) in views.sorted(by: { $0.key < $1.key }) {
            try checkPlayground(view, in: name)
        }
    }

    /// One view's (`light-phone`, …) report of gallery_pages.
    private func checkPlayground(_ view: JobResult, in name: String) throws {
        let dark = name.hasPrefix("dark")
        // A first visit's stage is a white page whatever the OS scheme (the snippets are for the
        // page being built, issue 50); a dark OS is told how to name a dark page.
        let start = view.start
        XCTAssertEqual(try start.stage.asString, "rgb(255, 255, 255)", name)
        XCTAssertEqual(try start.pressed.asStrings, ["light"], name)
        XCTAssertFalse(try start.address.asString.contains("theme=dark"), "\(name): \(start.address)")
        let startNote = try start.note.asOptionalString
        XCTAssertEqual(startNote?.contains("Your OS is dark") ?? false, dark, "\(name): \(startNote ?? "no note")")

        // The form keeps its sections after the script builds the fields.
        let headings = try view.headings.asElements
        XCTAssertEqual(try headings.map { try $0.legend.asOptionalString }, ["Look and motion", "Output"], name)
        XCTAssertTrue(try headings.allSatisfy { try $0.shown.asBool && $0.fields.asInt > 0 }, "\(name): \(view.headings)")

        // A dark page of one's own: theme=dark by its luminance, a GIF's matte its colour, a
        // <picture> drawn for that page (no dark source: the page does not follow the OS
        // unless the designer says so, PictureSnippetTests); a light one: no theme, its matte.
        let night = view.custom["#1b2a3a"]
        XCTAssertEqual(try night.stage.asString, "rgb(27, 42, 58)", name)
        let nightURL = try night.url.asString, nightPreview = try night.preview.asString, nightPicture = try night.picture.asString
        XCTAssertTrue(nightURL.contains("theme=dark") && nightURL.contains("matte=1b2a3a"), "\(name): \(nightURL)")
        XCTAssertTrue(nightPreview.contains("theme=dark") && nightPreview.contains("matte=1b2a3a"), "\(name): \(nightPreview)")
        XCTAssertEqual(try night.pressed.asStrings, [], "\(name): Light or Dark stays pressed on a page colour of one's own")
        XCTAssertEqual(try night.matteText.asString, "1b2a3a", name)
        let nightNote = try night.note.asOptionalString
        XCTAssertTrue(nightNote?.contains("#1b2a3a") ?? false, "\(name): \(nightNote ?? "no note")")
        XCTAssertFalse(nightPicture.contains("prefers-color-scheme: dark"), "\(name): \(nightPicture)")
        XCTAssertTrue(nightPicture.range(of: #"<img src="[^"]*\.gif\?matte=1b2a3a&theme=dark" "#, options: .regularExpression) != nil,
                      "\(name): the picture's <img> is the #1b2a3a page's: \(nightPicture)")
        let matteReason = try night.matteReason.asString
        XCTAssertTrue(try night.matteButton.asBool && matteReason.contains("Nothing to do"), "\(name): \(matteReason)")
        let day = view.custom["#f5e6c8"]
        XCTAssertEqual(try day.stage.asString, "rgb(245, 230, 200)", name)
        let dayURL = try day.url.asString
        XCTAssertTrue(dayURL.contains("matte=f5e6c8") && !dayURL.contains("theme="), "\(name): \(dayURL)")

        // Blending a GIF's edges into the Dark stage makes the same bytes: disabled, and why.
        let darkGif = view.darkGif
        XCTAssertFalse(try darkGif.url.asString.contains("matte"), "\(name): \(darkGif.url)")
        let darkReason = try darkGif.reason.asString
        XCTAssertTrue(try darkGif.disabled.asBool && darkReason.contains("default matte"), "\(name): \(darkReason)")
        // quality is an output setting, and the advice says what quality=80 saves on this GIF.
        XCTAssertTrue(try darkGif.quality.asBool, name)
        let darkAdvice = try darkGif.advice.asString, gridCell = try darkGif.gridCell.asString
        XCTAssertNotNil(darkAdvice.range(of: #"At quality=80 this GIF is [0-9.]+ KB instead of [0-9.]+ KB \([0-9]+ % smaller"#,
                                         options: .regularExpression), "\(name): \(darkAdvice)")
        // The sizes grid shows it beside the lossless size, and "Compare quality" puts both on
        // the stage: the lossless preview on the left, quality=80 on its right, with their sizes.
        XCTAssertNotNil(gridCell.range(of: #"^[0-9.]+ KB · [0-9.]+ KB at quality=80$"#, options: .regularExpression), "\(name): \(gridCell)")
        let compare = view.compare
        XCTAssertEqual(try compare.pressed.asString, "true", name)
        // Sharp on phones: the <img> and every raster of the <picture> carry their accepted 2x,
        // which decodes twice as wide, and a 3x where the service accepted it and it weighs
        // at most 200 KB, three times as wide; the 2x is offered
        // for download beside the 1x.
        let dense = view.dense
        let denseHTML = try dense.html.asString, densePicture = try dense.picture.asString
        let denseSize = try dense.size.asInt, denseWidth = try dense.width.asInt, triple = try dense.triple.asString
        XCTAssertTrue(denseHTML.contains(".gif?theme=dark&scale=2 2x"), "\(name): \(denseHTML)")
        XCTAssertEqual(denseWidth, denseSize * 2, "\(name): the 2x decodes \(denseWidth) px wide for \(denseSize)")
        if !triple.isEmpty {
            XCTAssertTrue(triple.hasSuffix(".gif?theme=dark&scale=3"), "\(name): \(denseHTML)")
            let tripleWidth = try dense.tripleWidth.asInt
            XCTAssertEqual(tripleWidth, denseSize * 3, "\(name): the 3x decodes \(tripleWidth) px wide for \(denseSize)")
        }
        XCTAssertTrue(densePicture.contains("<img src=") && densePicture.contains(".gif?theme=dark&scale=2 2x"), "\(name): \(densePicture)")
        // The picture slowed for reduced motion (issue 64: not a still) carries its own 2x.
        let slowed = densePicture.split(separator: "\n").first { $0.contains("prefers-reduced-motion") } ?? ""
        XCTAssertTrue(slowed.contains(".gif?") && slowed.contains("slowdown=4") && slowed.contains("&scale=2 2x"),
                      "\(name): the slowed GIF's 2x: \(densePicture)")
        XCTAssertFalse(densePicture.contains(".png"), "\(name): a still in the picture: \(densePicture)")
        let download = try dense.download.asOptionalString
        XCTAssertTrue(download?.contains("scale=2") ?? false, "\(name): \(download ?? "no 2x download")")
        XCTAssertTrue(try dense.name.asString.hasSuffix("@2x.gif"), "\(name): \(dense.name)")
        let compareSrc = try compare.src.asString, comparePreview = try compare.preview.asString, compareNote = try compare.note.asString
        XCTAssertTrue(compareSrc.contains("quality=80") && !comparePreview.contains("quality="), "\(name): \(comparePreview) beside \(compareSrc)")
        XCTAssertTrue(try compare.shown.asBool && compare.side.asBool && compare.inside.asBool,
                      "\(name): shown \(compare.shown), side \(compare.side), inside \(compare.inside)")
        // In step (issue 64): the panes at one instant are close (lossy against lossless),
        // while the spinner moves between instants by far more.
        let panes = try compare.inStep.panes.asDoubles, moved = try compare.inStep.moved.asDoubles
        print("\(name): compare panes \(panes), moved \(moved)")
        XCTAssertEqual(panes.count, 4, name)
        XCTAssertLessThanOrEqual(panes.max() ?? .infinity, Self.panesInStep, "\(name): the two panes show different moments: \(panes)")
        XCTAssertGreaterThan(moved.max() ?? 0, 3 * Self.panesInStep, "\(name): the spinner did not move between the instants: \(moved)")
        XCTAssertNotNil(compareNote.range(of: #"Left: lossless GIF, [0-9.]+ KB\. Right: quality=80, [0-9.]+ KB \([0-9]+ % smaller\)"#,
                                          options: .regularExpression), "\(name): \(compareNote)")

        // Help is two lines at most until "more".
        let hints = view.hints
        XCTAssertLessThanOrEqual(try hints.tallest.asDouble, 2.05, "\(name): a hint is taller than two lines")
        XCTAssertLessThanOrEqual(try hints.matteFolded.asDouble, 2.05, name)
        XCTAssertTrue(try hints.matteMoreShown.asBool, "\(name): the matte's long hint has no more toggle")
        XCTAssertGreaterThan(try hints.matteOpen.asDouble, 3, "\(name): more did not open the matte's hint")
        XCTAssertEqual(try hints.expanded.asOptionalString, "true", name)

        // Swatches show the colour the service draws, in the stage's theme; the picker
        // opens at it; the checkerboard only for the clear background.
        let expected: [String: (String, String)] = dark
            ? ["systemBlue": ("rgb(10, 132, 255)", "#0a84ff"), "label": ("rgb(255, 255, 255)", "#ffffff"),
               "systemBackground": ("rgb(0, 0, 0)", "#000000")]
            : ["systemBlue": ("rgb(0, 122, 255)", "#007aff"), "label": ("rgb(0, 0, 0)", "#000000"),
               "systemBackground": ("rgb(255, 255, 255)", "#ffffff")]
        for (colour, (css, hex)) in expected {
            let swatch = view.swatches[colour]
            XCTAssertEqual(try swatch.colour.asString, css, "\(name): \(colour)'s swatch")
            XCTAssertEqual(try swatch.image.asString, "none", "\(name): \(colour)'s swatch shows a checkerboard")
            XCTAssertEqual(try swatch.picker.asString, hex, "\(name): \(colour)'s picker")
        }
        // An unset colour the style chooses shows the style's own: hierarchy's puck is label.
        let unset = view.swatches["unset"]
        XCTAssertEqual(try unset.colour.asString, expected["label"]?.0, "\(name): the unset colour's swatch is not the style's label")
        XCTAssertEqual(try unset.image.asString, "none", "\(name): the unset colour shows stripes or a checkerboard")
        let clear = view.swatches["background"]
        XCTAssertTrue(try clear.image.asString.contains("conic-gradient") && clear.resolved.asOptionalString == "transparent",
                      "\(name): \(clear.image), \(clear.resolved)")

        try checkErrorAtItsField(view.error, in: name)

        // Lottie mode speaks of Lottie only; the chosen format is filled like the pressed stage.
        let lottie = view.lottie
        let previewNote = try lottie.previewNote.asOptionalString, advice = try lottie.advice.asOptionalString
        XCTAssertTrue(previewNote?.hasPrefix("Played by lottie-web") ?? false, "\(name): \(previewNote ?? "no note")")
        for text in [previewNote, try lottie.stageNote.asOptionalString, advice].compactMap({ $0 }) {
            XCTAssertFalse(text.contains("GIF") || text.contains("WebP") || text.contains("<picture>"), "\(name): \(text)")
        }
        XCTAssertTrue(advice?.contains("Lottie") ?? false, name)
        XCTAssertFalse(try lottie.matteShown.asBool, name)
        let chosen = try lottie.chosen.asStrings
        XCTAssertEqual(chosen.first, try lottie.pressed.asString, "\(name): the chosen format is not filled as the pressed stage is")
        XCTAssertNotEqual(chosen, try lottie.other.asStrings, name)

        // Snippet boxes: one width, nothing cut.
        for (format, boxes) in try view.snippets.asMembers {
            let boxes = try boxes.asElements
            XCTAssertGreaterThanOrEqual(boxes.count, 4, "\(name) \(format)")
            let widths = try boxes.map { try $0.width.asDouble }
            XCTAssertLessThanOrEqual((widths.max() ?? 0) - (widths.min() ?? 0), 1, "\(name) \(format): \(widths)")
            XCTAssertEqual(try boxes.filter { try $0.cut.asBool }.map { try $0.id.asString }, [], "\(name) \(format): cut snippets")
        }

        // The gradient editor: opened, it changes nothing (issue 64: it applied a gradient
        // to white at once) and offers an end that shows on a white page; then a preset, a
        // stop added, the kind changed and a stop dragged, each in the URL and the preview;
        // the panel within the page; a typed error at its field.
        let (before, opened) = (view.gradient.before, view.gradient.opened)
        XCTAssertFalse(try before.field.asString.contains("gradient"), "\(name): the colour was a gradient before: \(before.field)")
        XCTAssertEqual(try opened.url.asString, try before.url.asString, "\(name): opening the editor changed the URL")
        XCTAssertEqual(try opened.field.asString, try before.field.asString, "\(name): opening the editor changed the field")
        let stops = try opened.stops.asStrings
        XCTAssertEqual(stops.count, 2, name)
        XCTAssertNotEqual(stops.last, "#ffffff", "\(name): the added end is white, which vanishes on a white page: \(stops)")
        let preset = view.gradient.preset
        let presetURL = try preset.url.asString, panel = try preset.panel.asDoubles
        XCTAssertTrue(presetURL.contains("color=conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"), "\(name): \(presetURL)")
        XCTAssertTrue(try preset.preview.asString.contains("color=conic-gradient("), "\(name): \(preset.preview)")
        XCTAssertTrue(try preset.loaded.asBool, "\(name): the preview of the rainbow did not load")
        XCTAssertEqual(try preset.stops.asInt, 7, name)
        XCTAssertEqual(try preset.swatch.asOptionalString, "gradient", name)
        XCTAssertTrue(try preset.swatchImage.asString.contains("conic-gradient"), "\(name): \(preset.swatchImage)")
        XCTAssertTrue(try panel[0] >= 0 && panel[1] <= preset.width.asDouble, "\(name): the editor leaves the page: \(panel)")
        let edited = view.gradient.edited
        XCTAssertEqual(try edited.stops.asInt, 8, name)
        XCTAssertTrue(try edited.addDisabled.asBool, "\(name): a ninth stop could be added")
        let editedURL = try edited.url.asString
        XCTAssertTrue(editedURL.contains("color=linear-gradient(90deg,") && editedURL.contains(" 5%"), "\(name): \(editedURL)")
        XCTAssertTrue(try edited.loaded.asBool && !edited.invalid.asBool, "\(name): \(edited.error)")
        let broken = view.gradient.broken
        let brokenError = try broken.error.asString
        XCTAssertTrue(try broken.invalid.asBool && brokenError.contains("parentheses"), "\(name): \(brokenError)")

        // A phone: the pinned preview at most a quarter of the screen, every kind at its
        // default size inside the stage. Each box is [left, top, right, bottom] in CSS px.
        if name.hasSuffix("phone") {
            let fit = try view.fit.asElements
            XCTAssertEqual(try fit.map { try $0.kind.asString }, SpinnerKind.allCases.map(\.rawValue), name)
            for kind in fit {
                let label = "\(try kind.kind.asString) at \(try kind.size.asInt) px"
                let pinned = try kind.pinned.asDoubles, preview = try kind.preview.asDoubles, stage = try kind.stage.asDoubles
                // The phone's own 390 × 844 (a page wider than the screen is zoomed out).
                XCTAssertEqual([try kind.width.asDouble, try kind.height.asDouble], [390, 844], "\(name): the page is zoomed out: \(label)")
                XCTAssertLessThanOrEqual(pinned[3] - pinned[1], 844 * 0.25 + 1,
                                         "\(name): the pinned preview is taller than a quarter of the screen: \(label) \(pinned)")
                XCTAssertTrue(preview[0] >= stage[0] - 0.5 && preview[1] >= stage[1] - 0.5
                              && preview[2] <= stage[2] + 0.5 && preview[3] <= stage[3] + 0.5 && preview[2] - preview[0] > 20,
                              "\(name): \(label) is cut by the stage: preview \(preview), stage \(stage)")
            }
            XCTAssertEqual(try fit.last?.size.asInt, 215, name)
        }
    }

    /// An error at its field: an error state, its message beside it (not under the preview),
    /// the sizes table's reason, no bare status code. Boxes are [left, top, right, bottom].
    private func checkErrorAtItsField(_ error: JobResult, in name: String) throws {
        XCTAssertTrue(try error.invalid.asBool, name)
        XCTAssertEqual(try error.ariaInvalid.asOptionalString, "true", name)
        let border = try error.border.asString, errorColour = try error.errorColour.asString
        XCTAssertNotEqual(border, try error.normalBorder.asString, "\(name): the invalid field's border looks like any other")
        XCTAssertEqual(border, errorColour, name)
        XCTAssertNotEqual(errorColour, try error.bodyColour.asString, name)
        XCTAssertTrue(try error.described.asOptionalString?.contains("p-size-error") ?? false, name)
        let field = try error.field.asDoubles, message = try error.error.asDoubles, input = try error.input.asDoubles
        XCTAssertTrue(message[1] >= input[3] - 1 && message[1] - input[3] < 24 && message[0] >= field[0] && message[2] <= field[2] + 1,
                      "\(name): the message is not beside its field: field \(field), input \(input), message \(message)")
        XCTAssertEqual(try error.status.asString, "", "\(name): the message is under the preview too")
        XCTAssertEqual(try error.size.asString, "refused", name)
        let problem = error.problem
        XCTAssertFalse(try problem.isNull, "\(name): size=1024 APNG was not refused")
        XCTAssertEqual(try problem.title.asString, "Render budget exceeded")
        // The largest admitted size when the service says it (issue 29), else its sentence.
        let reason: String
        if let largest = try problem.largest_size.asOptionalInt {
            reason = "at most \(largest) px at this speed"
        } else if let fps = try problem.highest_fps.asOptionalInt {
            reason = "at most \(fps) fps"
        } else {
            let detail = try problem.detail.asString
            reason = detail.prefix(1).lowercased() + detail.dropFirst()
        }
        let text = try error.message.asString
        XCTAssertTrue(text.contains("Over the render budget: " + reason), "\(name): \(text)")
        // The reason is said by the first format it refuses; one refused alike points there.
        let cells = try error.cells.asStringMembers
        for format in ["apng", "gif", "webp"] {
            let cell = cells[format] ?? ""
            let said = cell.contains("refused: over the render budget") || (format != "apng" && cell.contains("refused (as APNG)"))
            XCTAssertTrue(said && !cell.contains("error 4"), "\(name): \(format): \(cell)")
        }
        XCTAssertTrue(cells["svg"]?.hasSuffix("KB") ?? false, "\(name): SVG takes size=1024: \(cells)")
    }
}
