import Foundation
import SpinnerLottie
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// spinnerd's Lottie documents played by three players nobody here wrote — ThorVG,
/// rlottie and lottie-web 5.12 with its svg and its canvas renderer
/// (`spinnerd_tools.lottie`) — against spinnerd's own PNG of the same moment, and
/// checked against the Lottie specification's JSON schema. Sheets (spinnerd, ThorVG,
/// rlottie, lottie-web svg and canvas in rows; t = 0, ¼, ½, ¾ of the loop in columns) are
/// kept under `.build/lottie-sheets` for people to look at.
final class LottiePlayersTests: XCTestCase {
    private struct Comparison: Decodable {
        let iou: Double
        let strictIou: Double
        let meanDifference: [Double]
    }

    private struct Played: Decodable {
        struct Frame: Decodable {
            let time: Int
            let thorvg: Comparison, rlottie: Comparison, lottieWebSVG: Comparison, lottieWebCanvas: Comparison
        }
        struct End: Decodable { let thorvg: Comparison; let rlottie: Comparison; let lottieWebSVG: Comparison; let lottieWebCanvas: Comparison }
        let schemaErrors: [String]
        /// What lottie-web raised, by renderer (`svg`, `canvas`).
        let lottieWebProblems: [String: [String]]
        let op: Int
        let fr: Double
        let bytes: Int
        let frames: [Frame]
        let loopEnd: End
        let sheet: String
    }

    /// Coverage IoU at least this (the target).
    static let minimumIoU = 0.95
    /// Mean absolute difference per channel at most this share of 255.
    static let maximumMeanDifference = 0.02

    func testEveryCaseIsValidAndBothPlayersDrawWhatSpinnerdDraws() throws {
        let directory = try TemporaryDirectory()
        let sheets = Repository.root.appendingPathComponent(".build/lottie-sheets")
        try FileManager.default.createDirectory(at: sheets, withIntermediateDirectories: true)
        let renderer = SpinnerRenderer()
        var jobs: [[String: Any]] = []
        let cases = LottieCase.all
        for (index, testCase) in cases.enumerated() {
            let request = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .lottie, query: testCase.query)
            let document = try renderer.render(request).bytes
            let name = "\(index)-" + testCase.label.map { $0.isLetter || $0.isNumber ? $0 : "_" }
            let lottie = try directory.write(document, to: name + ".json")
            let loop = try Self.loopMilliseconds(document), frames = try Self.outPoint(document)
            let times = [0, loop / 4, loop / 2, 3 * loop / 4]
            // rlottie draws whole frames: the nearest one's time, to the ms.
            let rlottieTimes = times.map { time in
                let frame = (Double(time) * Double(frames) / Double(loop)).rounded()
                return Int((frame * Double(loop) / Double(frames)).rounded()) % loop
            }
            func png(_ milliseconds: Int) throws -> String {
                let still = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .png,
                                                     query: testCase.query + [(name: "t", value: Self.seconds(milliseconds))])
                let path = directory.path("\(name)-\(milliseconds).png")
                if FileManager.default.fileExists(atPath: path) { return path }
                return try directory.write(try renderer.render(still).bytes, to: "\(name)-\(milliseconds).png")
            }
            jobs.append(["type": "frames", "lottie": lottie, "px": request.shared.size, "times": times,
                         "pngs": try times.map(png), "rlottiePngs": try rlottieTimes.map(png), "lastTime": loop - 1, "lastPng": try png(loop - 1), "out": sheets.path])
        }
        let results = try JSONDecoder().decode([Played].self, from: try LottiePlayers.run(jobs, in: directory))
        XCTAssertEqual(results.count, cases.count)
        var worstStrict = 1.0
        for (testCase, played) in zip(cases, results) {
            let label = testCase.label
            XCTAssertEqual(played.schemaErrors, [], "\(label): not valid against the Lottie schema")
            XCTAssertEqual(played.lottieWebProblems["svg"], [], "\(label): lottie-web's svg renderer raised errors")
            XCTAssertEqual(played.lottieWebProblems["canvas"], [], "\(label): lottie-web's canvas renderer raised errors")
            XCTAssertEqual(played.frames.map(\.time).count, 4)
            for frame in played.frames {
                for (player, comparison) in [("ThorVG", frame.thorvg), ("rlottie", frame.rlottie), ("lottie-web svg", frame.lottieWebSVG),
                                             ("lottie-web canvas", frame.lottieWebCanvas)] {
                    Self.assertMatches(comparison, "\(label) t=\(frame.time) ms in \(player) (\(played.sheet))")
                    worstStrict = min(worstStrict, comparison.strictIou)
                }
            }
            Self.assertMatches(played.loopEnd.thorvg, "\(label): ThorVG 1 ms before the loop's end (it never draws frame op) against spinnerd then")
            Self.assertMatches(played.loopEnd.lottieWebSVG, "\(label): lottie-web svg at frame op − 0.001 against spinnerd 1 ms before the loop's end")
            Self.assertMatches(played.loopEnd.lottieWebCanvas, "\(label): lottie-web canvas at frame op − 0.001 against spinnerd 1 ms before the loop's end")
            XCTAssertEqual(played.loopEnd.rlottie.iou, 1, "\(label): rlottie's frame op is not frame ip")
            XCTAssertLessThanOrEqual(played.loopEnd.rlottie.meanDifference.max() ?? 1, 0.001, "\(label): rlottie's frame op is not frame ip")
            // Each player's worst over the four moments: IoU and largest mean difference (%).
            let players: [(String, [Comparison])] = [
                ("ThorVG", played.frames.map(\.thorvg)), ("rlottie", played.frames.map(\.rlottie)),
                ("lottie-web svg", played.frames.map(\.lottieWebSVG)), ("lottie-web canvas", played.frames.map(\.lottieWebCanvas)),
            ]
            let perPlayer = players.map { name, comparisons in
                String(format: "%@ %.3f/%.2f%%", name, comparisons.map(\.iou).min() ?? 0,
                       100 * (comparisons.flatMap(\.meanDifference).max() ?? 1))
            }
            print(String(format: "lottie: %@: %d bytes, op %d at %.4g fps; worst IoU/mean difference: ", label, played.bytes,
                         played.op, played.fr) + perPlayer.joined(separator: ", "))
        }
        print(String(format: "lottie: worst strict (unrefined) coverage IoU over every case: %.4f", worstStrict))
    }

    private static func assertMatches(_ comparison: Comparison, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(comparison.iou, minimumIoU, "coverage: \(label)", file: file, line: line)
        XCTAssertLessThanOrEqual(comparison.meanDifference.max() ?? 1, maximumMeanDifference, "colour: \(label)", file: file, line: line)
    }

    private struct Recoloured: Decodable {
        struct Judged: Decodable {
            let changedPixels: Int
            let againstSpinnerd: Comparison
        }
        struct Web: Decodable {
            let changedPixels: Int
            let againstSpinnerd: Comparison
            let problems: [String]
        }
        let thorvg: Judged
        let rlottie: Judged
        let lottieWeb: Web
    }

    /// A colour given through the URL, through slots or through keypaths draws the same
    /// pixels: the default document recoloured to the slot values of the document the URL
    /// asks for — colour and opacity (a colour's alpha is its paint's opacity, a slot of
    /// its own) — through its slots in ThorVG, its keypaths in rlottie and its `slots` in
    /// lottie-web, each against spinnerd's PNG of that URL. The track at `track=ff0000` is
    /// opaque red everywhere (its default, `secondaryLabel`, is 60 % opaque).
    func testAColourThroughTheURLASlotOrAKeypathDrawsTheSamePixels() throws {
        let directory = try TemporaryDirectory()
        let cases: [(SpinnerKind, [(name: String, value: String)])] = [
            (.circular, [("color", "ff3b30")]),
            (.circular, [("track", "ff0000")]),
            (.circular, [("color", "34c759"), ("track", "007aff80")]),
            (.arc, [("color", "ff9500"), ("track", "5856d6")]),
            (.activity, [("color", "007aff")]),
            (.dots, [("color", "007aff")]),
            (.capsules, [("color", "007aff")]),
        ]
        let renderer = SpinnerRenderer()
        var jobs: [[String: Any]] = []
        for (kind, query) in cases {
            let request = try SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: [])
            let document = try LottieDocument(request: request)
            let asked = try LottieDocument(request: try SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: query))
            let label = "\(kind.rawValue) " + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            // Each slot of the default document takes the colour the URL's document gives the
            // paint at the same keypath (`dots` given a colour has one slot for every dot,
            // where its default has one a dot): colour and opacity, where it changed.
            let askedColours = Dictionary(asked.slots.map { ($0.id, $0.color) }, uniquingKeysWith: { first, _ in first })
            let defaults = Dictionary(document.slots.map { ($0.id, $0.color) }, uniquingKeysWith: { first, _ in first })
            var values: [String: Any] = [:]
            for paint in document.paints {
                guard let slot = paint.slot, let target = asked.paints.first(where: { $0.keypath == paint.keypath })?.slot,
                      let colour = askedColours[target], colour != defaults[slot] else { continue }
                values[slot] = [colour.red, colour.green, colour.blue, 1]
                values[LottieDocument.opacitySlot(slot)] = colour.alpha * 100
            }
            XCTAssertFalse(values.isEmpty, "\(label): the URL changed no slot")
            let changed = Set(values.keys)
            let paints = document.paints.filter { $0.slot.map(changed.contains) ?? false }
            XCTAssertFalse(paints.isEmpty, "\(label): no paint has the slots")
            let path = try directory.write(document.bytes, to: "\(jobs.count).json")
            // A whole frame near a quarter of the loop whose time is a whole ms.
            let loop = try Self.loopMilliseconds(document.bytes), frames = try Self.outPoint(document.bytes)
            let frame = (frames / 4 ... frames / 2).first { $0 * loop % frames == 0 } ?? 0
            let still = try SpinnerRequest.parse(kind: kind.rawValue, format: .png,
                                                 query: query + [(name: "t", value: Self.seconds(frame * loop / frames))])
            let png = try directory.write(try renderer.render(still).bytes, to: "\(jobs.count).png")
            jobs.append(["type": "recolour", "lottie": path, "px": request.shared.size, "frame": frame, "slots": values,
                         "keypaths": paints.map { [$0.keypath, $0.kind == .fill ? "fill" : "stroke", $0.slot ?? ""] }, "png": png,
                         "label": label])
        }
        let results = try JSONDecoder().decode([Recoloured].self, from: try LottiePlayers.run(jobs, in: directory))
        XCTAssertEqual(results.count, jobs.count)
        for (job, result) in zip(jobs, results) {
            let name = job["label"] as? String ?? "?"
            XCTAssertEqual(result.lottieWeb.problems, [], "\(name): lottie-web raised errors")
            let judged = [("ThorVG slots", result.thorvg), ("rlottie keypaths", result.rlottie),
                          ("lottie-web slots", Recoloured.Judged(changedPixels: result.lottieWeb.changedPixels,
                                                                 againstSpinnerd: result.lottieWeb.againstSpinnerd))]
            for (player, outcome) in judged {
                let label = "\(name) through \(player)"
                print("lottie recolour: \(label): \(outcome.changedPixels) pixels changed; against spinnerd's PNG of the URL: "
                      + "IoU \(outcome.againstSpinnerd.iou), mean difference \(outcome.againstSpinnerd.meanDifference.max() ?? 1)")
                XCTAssertGreaterThan(outcome.changedPixels, 0, "\(label): nothing changed")
                Self.assertMatches(outcome.againstSpinnerd, label)
            }
        }
    }

    /// The loop of a document, in ms: `op` frames at `fr` a second.
    static func loopMilliseconds(_ document: [UInt8]) throws -> Int {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let frames = try XCTUnwrap(object["op"] as? Double), rate = try XCTUnwrap(object["fr"] as? Double)
        return Int((frames / rate * 1000).rounded())
    }

    static func outPoint(_ document: [UInt8]) throws -> Int {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        return try XCTUnwrap(object["op"] as? Int)
    }

    /// `milliseconds` as the `t` parameter's seconds.
    static func seconds(_ milliseconds: Int) -> String {
        String(format: "%d.%03d", milliseconds / 1000, milliseconds % 1000)
    }
}
