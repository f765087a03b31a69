import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// `.lottie` (issue 64): dotLottie files from the real server, read as the dotLottie
/// players read them (`spinnerd_tools.dotlottie`: dotLottie 2's structure as dotlottie-rs
/// reads it, the animation against the Lottie schema) and each theme played in ThorVG,
/// the engine of dotlottie-web, -ios and -android, against spinnerd's PNG of the same
/// moment in that theme. Sheets (spinnerd light, ThorVG light, spinnerd dark, ThorVG dark)
/// are kept under `.build/lottie-sheets/dotlottie`.
final class DotLottieTests: XCTestCase {
    /// The cases: each kind at its defaults, and the paints whose colours sit outside the
    /// slots apps recolour (a gradient's stops, shadow bands, a conic gradient's pieces, a
    /// gradient background), in each requested theme.
    static let cases: [(kind: String, query: String, theme: String)] = [
        ("circular", "", "light"), ("activity", "", "light"), ("dots", "", "light"), ("arc", "", "light"), ("capsules", "", "light"),
        ("circular", "style=nineties", "dark"),
        ("circular", "style=bubbledForeground&size=90", "auto"),
        ("circular", "shadow=4&dropshadow=4,0,2,systemBlue", "auto"),
        ("circular", "color=linear-gradient(systemBlue,systemPink)&track=radial-gradient(systemGray,systemGray6)", "dark"),
        ("arc", "color=conic-gradient(systemBlue,systemPink)", "light"),
        ("dots", "background=radial-gradient(systemBlue,white)", "light"),
        ("capsules", "color=systemOrange&background=systemGray6", "dark"),
    ]

    func testEachThemePlaysInThorVGAsSpinnerdDrawsIt() throws {
        let server = try ServerProcess(["--provisional=false"])
        let client = try RawHTTPClient(port: server.port)
        let directory = try TemporaryDirectory()
        let sheets = Repository.root.appendingPathComponent(".build/lottie-sheets/dotlottie")
        try FileManager.default.createDirectory(at: sheets, withIntermediateDirectories: true)
        var jobs: [[String: Any]] = []
        for (index, testCase) in Self.cases.enumerated() {
            let query = [testCase.query, "theme=\(testCase.theme)"].filter { !$0.isEmpty }.joined(separator: "&")
            let file = try client.get("/spinner/\(testCase.kind).lottie?\(query)")
            XCTAssertEqual(file.status, 200, "\(testCase): \(file.text.prefix(300))")
            XCTAssertEqual(file.header("Content-Type"), "application/zip+dotlottie")
            let document = try client.get("/spinner/\(testCase.kind).json?\(query)")
            XCTAssertEqual(document.status, 200)
            let loop = try LottiePlayersTests.loopMilliseconds(document.body), frames = try LottiePlayersTests.outPoint(document.body)
            let times = [0, loop / 4, loop / 2, 3 * loop / 4]
            var pngs: [String: [String]] = [:]
            for theme in ["light", "dark"] {
                pngs[theme] = try times.map { time in
                    let still = [testCase.query, "theme=\(theme)", "t=\(LottiePlayersTests.seconds(time))"].filter { !$0.isEmpty }
                    let png = try client.get("/spinner/\(testCase.kind).png?" + still.joined(separator: "&"))
                    XCTAssertEqual(png.status, 200)
                    return try directory.write(png.body, to: "\(index)-\(theme)-\(time).png")
                }
            }
            let name = "\(index)-\(testCase.kind)-\(testCase.theme).lottie"
            jobs.append(["file": try directory.write(file.body, to: name), "px": try XCTUnwrap(Self.width(document.body)),
                         "frames": times.map { Double($0) * Double(frames) / Double(loop) }, "theme": testCase.theme,
                         "pngs": pngs, "out": sheets.path])
        }
        // Per case: {structure, schemaErrors, entries, manifest, rules, initialTheme, asLoaded,
        // themes {light, dark}, crossed {light, dark}, pngsDiffer, sheet}.
        let results = try DotLottiePlayer.script.results(jobs, in: directory)
        XCTAssertEqual(results.count, Self.cases.count)
        for (testCase, read) in zip(Self.cases, results) {
            let label = "\(testCase.kind).lottie?\(testCase.query)&theme=\(testCase.theme)"
            XCTAssertEqual(try read.structure.asStrings, [], "\(label): not a dotLottie file as dotlottie-rs reads one")
            XCTAssertEqual(try read.schemaErrors.asStrings, [], "\(label): its animation is not valid against the Lottie schema")
            let initial = try? read.initialTheme.asString
            XCTAssertEqual(initial, testCase.theme == "auto" ? nil : testCase.theme, "\(label): initialTheme")
            for theme in ["light", "dark"] {
                let played = try read.themes[theme].asElements
                XCTAssertEqual(played.count, 4, label)
                for (index, comparison) in played.enumerated() {
                    try LottiePlayersTests.assertMatches(comparison, "\(label): theme \(theme), moment \(index) in ThorVG (\(try read.sheet.asString))")
                }
                // The control: where the two themes look apart, each theme's picture is not the other's.
                if try read.pngsDiffer.asDouble > 2 * LottiePlayersTests.maximumMeanDifference {
                    let crossed = try read.crossed[theme].asElements.map { try $0.meanDifference.asDoubles.max() ?? 0 }
                    XCTAssertGreaterThan(crossed.max() ?? 0, LottiePlayersTests.maximumMeanDifference,
                                         "\(label): theme \(theme) draws what the other theme's PNG shows")
                }
            }
            for (index, comparison) in try read.asLoaded.asElements.enumerated() {
                try LottiePlayersTests.assertMatches(comparison, "\(label): as loaded, moment \(index) in ThorVG")
            }
            let entries = try read.entries.asElements.map { try $0[0].asString }
            let played = try ["light", "dark"].flatMap { try read.themes[$0].asElements }
            let worstIoU = try played.map { try $0.iou.asDouble }.min() ?? 0
            let worstMean = try played.flatMap { try $0.meanDifference.asDoubles }.max() ?? 1
            print("dotlottie: \(label): \(entries.joined(separator: ", ")); rules \(try read.rules.light.asInt) a theme; "
                  + String(format: "themes %.3f apart; worst IoU %.4f, mean difference %.2f %%; sheet %@", try read.pngsDiffer.asDouble,
                           worstIoU, 100 * worstMean, try read.sheet.asString))
        }
    }

    /// The file and the JSON document of the same URL agree: the archive's animation is
    /// the `.json` document with every paint in a slot, and a `.lottie` URL's spellings
    /// (`format=dotlottie`, `.LOTTIE`) are one file with one tag. Hostile input is refused
    /// as for `.json`, naming the parameter.
    func testTheFileIsOneRepresentationAndHostileInputIsRefused() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let file = try client.get("/spinner/arc.lottie?size=64")
        XCTAssertEqual(file.status, 200)
        XCTAssertNil(file.header("Content-Encoding"), "a zip is not gzipped again")
        XCTAssertNil(file.header("Vary"))
        XCTAssertEqual(Array(file.body.prefix(4)), [0x50, 0x4b, 0x03, 0x04], "a zip's local header")
        let tag = try XCTUnwrap(file.header("ETag"))
        for spelling in ["/spinner/arc?format=dotlottie&size=64", "/spinner/arc.LOTTIE?size=64", "/spinner/arc.lottie?size=64&theme=light"] {
            let again = try client.get(spelling)
            XCTAssertEqual(again.status, 200, spelling)
            XCTAssertEqual(again.header("ETag"), tag, spelling)
            XCTAssertEqual(again.body, file.body, spelling)
        }
        XCTAssertEqual(try client.get("/spinner/arc.lottie?size=64", headers: "If-None-Match: \(tag)\r\n").status, 304)
        let refusals: [(path: String, parameter: String)] = [
            ("/spinner/arc.lottie?loops=2", "loops"), ("/spinner/arc.lottie?fps=20", "fps"), ("/spinner/arc.lottie?scale=2", "scale"),
            ("/spinner/arc.lottie?matte=fff", "matte"), ("/spinner/arc.lottie?t=1", "t"), ("/spinner/arc.lottie?title=..%2F..%2Fa", "title"),
            ("/spinner/arc.lottie?quality=80", "quality"), ("/spinner/dots.lottie?duration=1.7&count=16", "duration"),
            ("/spinner/arc.lottie?format=lottie", "format"), ("/spinner/arc.json?format=dotlottie", "format"),
            ("/spinner/arc.lottie?size=100000", "size"), ("/spinner/arc.lottie?theme=%00dark", "theme"),
            ("/spinner/arc.lottie?color=linear-gradient(" + String(repeating: "red,", count: 400) + "red)", "color"),
            ("/spinner/arc.lottie?color=conic-gradient(red,blue)&background=conic-gradient(red,blue)", "background"),
            ("/spinner/arc.dotlottie", "format"),
        ]
        for (path, parameter) in refusals {
            let refused = try client.get(path)
            XCTAssertEqual(refused.status, 400, "\(path): \(refused.text.prefix(200))")
            XCTAssertEqual(refused.header("Content-Type"), "application/problem+json", path)
            let problem = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(refused.body)) as? [String: Any])
            XCTAssertEqual(problem["parameter"] as? String, parameter, path)
        }
        // The largest file the loop limit admits stays small (its animation is at most 53 KB as JSON).
        let longest = try client.get("/spinner/dots.lottie?count=16&duration=0.104")
        XCTAssertEqual(longest.status, 200)
        XCTAssertLessThan(longest.body.count, 24_000, "dots, 16 dots, a 26 s loop")
    }

    static func width(_ document: [UInt8]) throws -> Int? {
        (try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])?["w"] as? Int
    }
}
