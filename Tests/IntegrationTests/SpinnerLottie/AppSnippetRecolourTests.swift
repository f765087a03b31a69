import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground's app snippets in Lottie mode recolour every element of every kind
/// (issue 50): taken from the real gallery in Chromium, each snippet's recolouring is
/// applied to the document it plays as its platform would — lottie-ios', lottie-android's,
/// Flutter's and React Native's keypaths (wildcards below a layer or group) read as each
/// platform reads them and played in rlottie, lottie-web's slots in lottie-web, and the
/// dotLottie players' `.lottie` file of the same URL with the theme the snippet picks in
/// each scheme, in ThorVG.
final class AppSnippetRecolourTests: XCTestCase {
    static let apps = ["ios", "android", "flutter", "react-native", "web", "dotlottie"]

    /// Each setting's snippets, for each player:
    /// - with every colour they set replaced by a probe green, every pixel the player draws
    ///   (alpha ≥ 8 of 255) takes it, at two moments: no element is left in the URL's
    ///   colour (before, activity's and capsules' snippets reached one capsule of 12 or 15);
    /// - with their light colours, the frame matches spinnerd's PNG of the URL, and with
    ///   their dark colours its PNG at theme=dark (a colour chosen is the colour set, not
    ///   an example pink; `label` is black, then white).
    func testEveryAppSnippetRecoloursEveryElementWithTheColourChosen() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess()
        let cases: [(kind: String, values: [String: String])] = [
            ("activity", ["color": "hotpink"]), ("capsules", ["color": "hotpink"]), ("dots", ["color": "hotpink"]),
            ("circular", ["color": "hotpink"]), ("arc", ["color": "hotpink"]),
            ("activity", [:]), ("circular", [:]), ("dots", [:]), ("arc", [:]), ("capsules", ["peak": "1"]),
        ]
        // Per case: {url, snippets by app} (app_snippets.py).
        let settings = try Browser.script.result(["type": "appSnippets", "url": server.url("/"),
                                                  "cases": cases.map { ["kind": $0.kind, "values": $0.values] }], in: directory).asElements
        XCTAssertEqual(settings.count, cases.count)
        var jobs: [[String: Any]] = []
        for (index, written) in settings.enumerated() {
            let url = try written.url.asString
            let target = try XCTUnwrap(url.range(of: "/spinner/").map { String(url[$0.lowerBound...]) })
            let document = try server.get(target)
            XCTAssertEqual(document.status, 200, target)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.body)) as? [String: Any])
            let px = try XCTUnwrap(object["w"] as? Int)
            let loop = try LottiePlayersTests.loopMilliseconds(document.body), frames = try LottiePlayersTests.outPoint(document.body)
            // Whole frames whose times are whole ms, near a quarter and three quarters of the loop.
            let whole = { (range: ClosedRange<Int>) in range.first { $0 * loop % frames == 0 } ?? range.lowerBound }
            let moments = [whole(frames / 4 ... frames / 2), whole(frames * 3 / 4 ... frames - 1)]
            let time = LottiePlayersTests.seconds(moments[0] * loop / frames)
            var pngs: [String: String] = [:]
            for theme in ["light", "dark"] {
                var still = try XCTUnwrap(URLComponents(string: target.replacingOccurrences(of: ".json", with: ".png")))
                still.queryItems = (still.queryItems ?? []).filter { $0.name != "theme" }
                    + [URLQueryItem(name: "theme", value: theme), URLQueryItem(name: "t", value: time)]
                let png = try server.get(try XCTUnwrap(still.string))
                XCTAssertEqual(png.status, 200, still.string ?? "")
                pngs[theme] = try directory.write(png.body, to: "\(index)-\(theme).png")
            }
            // The dotLottie snippet plays the URL's .lottie file, whose themes carry its colours.
            let fileTarget = target.replacingOccurrences(of: ".json", with: ".lottie")
            let file = try server.get(fileTarget)
            XCTAssertEqual(file.status, 200, fileTarget)
            jobs.append(["type": "appSnippets", "lottie": try directory.write(document.body, to: "\(index).json"), "px": px,
                         "frames": moments, "probe": [0, 1, 0], "pngs": pngs, "snippets": try written.snippets.asStringMembers,
                         "dotlottie": try directory.write(file.body, to: "\(index).lottie"),
                         "dotlottieURL": url.replacingOccurrences(of: "/spinner/\(cases[index].kind).json", with: "/spinner/\(cases[index].kind).lottie")])
        }
        // Per job: lottie.py's `appSnippets` result: webProblems when lottie-web raised any,
        // and per app {groups, reach [{drawn, recoloured} per moment], light and dark
        // comparisons {iou, meanDifference}}.
        let results = try LottiePlayers.script.results(jobs, in: directory)
        XCTAssertEqual(results.count, cases.count)
        for ((setting, written), result) in zip(zip(cases, settings), results) {
            let label = setting.kind + (setting.values.isEmpty ? "" : "?" + setting.values.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&"))
            let snippets = try written.snippets.asStringMembers
            XCTAssertEqual(try result.webProblems.optional { try $0.asStrings } ?? [], [], "\(label): lottie-web raised errors")
            // The colour chosen is set as it is (arc's dots take points of a gradient from it
            // to `track`, none of them the colour itself: the comparison with the URL's PNG holds it).
            if setting.values["color"] == "hotpink" && setting.kind != "arc" {
                // The dotLottie snippet's colours are in its file's themes (checked as played below).
                for app in Self.apps where app != "dotlottie" {
                    let text = snippets[app] ?? ""
                    XCTAssertTrue(text.contains("FF69B4") || text.contains("r: 1, g: 0.4118, b: 0.7059") || text.contains("[1, 0.4118, 0.7059, 1]"),
                                  "\(label): \(app)'s snippet does not set the colour chosen:\n\(text)")
                }
            }
            for app in Self.apps {
                let played = result[app]
                let groups = try played.groups.asInt, reach = try played.reach.asElements
                XCTAssertGreaterThan(groups, 0, "\(label): \(app)'s snippet recolours nothing:\n\(snippets[app] ?? "")")
                var probed: [String] = []
                for (moment, reached) in reach.enumerated() {
                    let drawn = try reached.drawn.asInt, recoloured = try reached.recoloured.asInt
                    XCTAssertGreaterThan(drawn, 0, "\(label): \(app) drew nothing at moment \(moment)")
                    XCTAssertEqual(recoloured, drawn, "\(label): \(app)'s recolouring left \(drawn - recoloured) of \(drawn) pixels in their own colour")
                    probed.append("\(recoloured)/\(drawn)")
                }
                var compared: [String] = []
                for theme in ["light", "dark"] {
                    let iou = try played[theme].iou.asDouble, difference = try played[theme].meanDifference.asDoubles.max() ?? 1
                    XCTAssertGreaterThanOrEqual(iou, LottiePlayersTests.minimumIoU, "coverage: \(label) \(app) \(theme)")
                    XCTAssertLessThanOrEqual(difference, LottiePlayersTests.maximumMeanDifference,
                                             "colour: \(label) \(app) \(theme) against spinnerd's PNG")
                    compared.append("\(theme) IoU \(iou), mean difference \(difference)")
                }
                print("app snippet recolour: \(label): \(app): \(groups) group(s); probe took \(probed.joined(separator: ", ")) pixels; "
                      + compared.joined(separator: "; "))
            }
        }
    }
}
