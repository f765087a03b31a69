import Foundation
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// The SVGs in a real headless Chromium (Debian's, driven by Playwright): seeked to a
/// time they must show what the raster engine draws at that time; in an `<img>` they
/// must move; reduced motion must slow them; `theme=auto` must follow a dark scheme.
final class BrowserTests: XCTestCase {
    /// After a 1 px blur over white, a pixel "differs" when a channel is off by more than
    /// 48 levels; at most this share of the image may differ (antialiasing of Chromium
    /// and Cairo disagree along edges, and one colour per dash stands in for the arc's
    /// angular gradient).
    static let allowedShare = 0.01

    private func render(_ kind: String, _ format: OutputFormat, _ pairs: [(String, String)]) throws -> [UInt8] {
        let request = try SpinnerRequest.parse(kind: kind, format: format, query: pairs.map { (name: $0.0, value: $0.1) })
        return try SpinnerRenderer().render(request).bytes
    }

    /// For each kind (and a few variations), the SVG seeked to five times against the PNGs.
    func testSeekedSVGMatchesTheRasterFrameAtTheSameTime() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, [(String, String)])] = [
            ("circular", []), ("circular", [("style", "nineties"), ("stroke", "15"), ("duration", "1")]),
            ("circular", [("style", "bubbledForeground")]), ("circular", [("style", "accent"), ("size", "120")]),
            // The CircularSpinner README's example (an inner shadow on each layer), and one on a gradient puck.
            ("circular", [("stroke", "15"), ("duration", "1"), ("color", "red"), ("track", "white"), ("shadow", "3"),
                          ("trackshadow", "3"), ("background", "f2f2f7"), ("size", "120")]),
            ("circular", [("style", "nineties"), ("shadow", "2"), ("size", "90")]),
            ("activity", [("size", "56")]), ("activity", [("count", "8"), ("color", "systemBlue"), ("size", "40")]),
            ("dots", []), ("dots", [("count", "6"), ("duration", "1")]),
            ("arc", [("size", "112")]), ("arc", [("duration", "0.5"), ("background", "#202020"), ("size", "112")]),
            ("capsules", [("size", "160")]),
            // Gradients on either layer and behind (issue 48): a conic puck is a turn of
            // linear-gradient pieces through a mask of its animated stroke.
            ("circular", [("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"), ("track", "linear-gradient(90deg,#eee,#999)"),
                          ("size", "120")]),
            ("circular", [("color", "linear-gradient(to right,red,blue)"), ("track", "radial-gradient(circle closest-side,white 70%,gray)"),
                          ("shadow", "3"), ("size", "120")]),
            ("circular", [("track", "conic-gradient(from 90deg,systemBlue,systemPink,systemBlue)"), ("theme", "dark"),
                          ("background", "radial-gradient(#333,black)"), ("size", "120")]),
            ("dots", [("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)")]),
            ("activity", [("color", "linear-gradient(to bottom,systemRed,systemBlue)"), ("size", "56")]),
            ("capsules", [("color", "radial-gradient(at 50% 100%,orange,purple)"), ("peak", "0.8"), ("size", "120")]),
            ("arc", [("color", "conic-gradient(from 90deg,orange,purple)"), ("size", "112"), ("background", "linear-gradient(white,#ddd)")]),
            ("circular", [("dropshadow", "4"), ("trackdropshadow", "3,0,3,systemBlue"), ("size", "90")]),
            ("circular", [("dropshadow", "4,0,2"), ("color", "conic-gradient(red,orange,yellow)"), ("size", "120")]),
            ("circular", [("dropshadow", "6,2,2,ff2d5580"), ("color", "linear-gradient(90deg,#ff2d55,#af52de)"), ("track", "f2f2f7"),
                          ("size", "120")]),
            // direction=reverse: the whole picture in one group mirrored across the middle.
            ("circular", [("direction", "reverse"), ("stroke", "15"), ("size", "90")]),
            ("activity", [("direction", "reverse"), ("size", "56")]),
            ("dots", [("direction", "reverse")]),
            ("arc", [("direction", "reverse"), ("size", "112")]),
            ("capsules", [("direction", "reverse"), ("color", "linear-gradient(to right,red,blue)"), ("peak", "1"), ("size", "120")]),
        ]
        var jobs: [[String: Any]] = []
        for (index, (kind, pairs)) in cases.enumerated() {
            let request = try SpinnerRequest.parse(kind: kind, format: .gif, query: pairs.map { (name: $0.0, value: $0.1) })
            let loop = try XCTUnwrap(request.kind.scene(for: request).loopMilliseconds(limit: 60_000))
            let times = [0, loop / 4, loop / 2, loop * 3 / 4, loop * 7 / 11]
            let svg = try directory.write(try render(kind, .svg, pairs), to: "case\(index).svg")
            let pngs = try times.map { time in
                try directory.write(try render(kind, .png, pairs + [("t", FixedPoint(units: time, places: 3).description)]),
                                    to: "case\(index)-\(time).png")
            }
            let output = directory.path("shots\(index)")
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            jobs.append(["type": "seek", "svg": svg, "size": request.shared.size, "times": times, "pngs": pngs, "out": output])
        }
        // Per job, per time: {time, differing, largest, animations} (svg_seek.py).
        let results = try Browser.script.results(jobs, in: directory)
        XCTAssertEqual(results.count, cases.count)
        for ((kind, pairs), result) in zip(cases, results) {
            let request = try SpinnerRequest.parse(kind: kind, format: .svg, query: pairs.map { (name: $0.0, value: $0.1) })
            let pixels = request.shared.size * request.shared.size
            let seeks = try result.asElements
            let differing = try seeks.map { try $0.differing.asInt }
            print("browser vs raster: \(kind) \(pairs): worst \(differing.max() ?? -1) of \(pixels) pixels differ, "
                  + "largest channel difference \(try seeks.map { try $0.largest.asInt }.max() ?? -1)")
            XCTAssertEqual(seeks.count, 5, "\(kind) \(pairs)")
            for seek in seeks {
                let time = try seek.time.asDouble, differing = try seek.differing.asInt
                XCTAssertGreaterThan(try seek.animations.asInt, 0, "\(kind): no animations found")
                XCTAssertLessThanOrEqual(Double(differing), Self.allowedShare * Double(pixels), "\(kind) \(pairs) at \(time) ms: \(differing) pixels differ")
            }
        }
    }

    func testEveryKindAnimatesInAnImage() throws {
        let directory = try TemporaryDirectory()
        let svgs = try SpinnerKind.allCases.map { try directory.write(try render($0.rawValue, .svg, []), to: "\($0.rawValue).svg") }
        // Per image: {svg, loaded, changed} (image_motion.py).
        let shown = try Browser.script.result(["type": "animates", "svgs": svgs, "out": directory.url.path], in: directory).asElements
        XCTAssertEqual(shown.count, svgs.count)
        for image in shown {
            let path = try image.svg.asString
            XCTAssertTrue(try image.loaded.asBool, path)
            XCTAssertTrue(try image.changed.asBool, "\(path) did not move within 15 s of screenshots")
        }
    }

    func testEveryKindAsWebPAnimatesInAnImage() throws {
        let directory = try TemporaryDirectory()
        let webps = try SpinnerKind.allCases.map { try directory.write(try render($0.rawValue, .webp, []), to: "\($0.rawValue).webp") }
        let shown = try Browser.script.result(["type": "animates", "svgs": webps, "out": directory.url.path], in: directory).asElements
        XCTAssertEqual(shown.count, SpinnerKind.allCases.count)
        for image in shown {
            let path = try image.svg.asString
            XCTAssertTrue(try image.loaded.asBool, "\(path) did not load in Chromium")
            XCTAssertTrue(try image.changed.asBool, "\(path) did not move within 15 s of screenshots")
        }
    }

    func testReducedMotionSlowsEveryAnimationFourfold() throws {
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases {
            let svg = try directory.write(try render(kind.rawValue, .svg, []), to: "\(kind.rawValue).svg")
            // Per job, per animation: {duration, endTime} in ms (svg_durations.py).
            let results = try Browser.script.results([
                ["type": "durations", "svg": svg, "reducedMotion": false],
                ["type": "durations", "svg": svg, "reducedMotion": true],
            ], in: directory).map { try $0.asElements.map { try $0.duration.asDouble } }
            XCTAssertFalse(results[0].isEmpty, "\(kind)")
            XCTAssertEqual(results[0].count, results[1].count)
            for (normal, reduced) in zip(results[0], results[1]) {
                XCTAssertGreaterThan(reduced, 0)
                XCTAssertEqual(reduced, normal * 4, accuracy: 1, "\(kind)")
            }
        }
    }

    func testAutoThemeFollowsADarkColourScheme() throws {
        let directory = try TemporaryDirectory()
        let pairs = [("style", "hierarchy")]  // label and secondaryLabel: black ↔ white
        let svg = try directory.write(try render("circular", .svg, pairs + [("theme", "auto")]), to: "auto.svg")
        let dark = try directory.write(try render("circular", .png, pairs + [("theme", "dark"), ("t", "0.5")]), to: "dark.png")
        let light = try directory.write(try render("circular", .png, pairs + [("theme", "light"), ("t", "0.5")]), to: "light.png")
        let results = try Browser.script.results([
            ["type": "seek", "svg": svg, "size": 80, "times": [500], "pngs": [dark], "colorScheme": "dark", "out": directory.url.path],
            ["type": "seek", "svg": svg, "size": 80, "times": [500], "pngs": [light], "colorScheme": "light", "out": directory.url.path],
            ["type": "seek", "svg": svg, "size": 80, "times": [500], "pngs": [light], "colorScheme": "dark", "out": directory.url.path],
        ], in: directory).map { try $0[0].differing.asInt }
        XCTAssertLessThanOrEqual(results[0], 64, "dark scheme should show the dark colours")
        XCTAssertLessThanOrEqual(results[1], 64, "light scheme should show the light colours")
        XCTAssertGreaterThan(results[2], 200, "the two themes must differ visibly")
    }

    func testFinitePlaysEndTogetherAtTheLoop() throws {
        let directory = try TemporaryDirectory()
        let svg = try directory.write(try render("dots", .svg, [("loops", "2")]), to: "twice.svg")
        let timings = try Browser.script.result(["type": "durations", "svg": svg, "reducedMotion": false], in: directory).asElements
        XCTAssertFalse(timings.isEmpty)
        for timing in timings {
            XCTAssertEqual(try XCTUnwrap(try timing.endTime.asOptionalDouble), 12_000, accuracy: 1)  // 2 plays of the 6 s loop
        }
    }
}
