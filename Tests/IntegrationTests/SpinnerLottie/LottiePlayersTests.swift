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
        // Per case: lottie.py's `frames` result (schemaErrors, lottieWebProblems by renderer,
        // op, fr, bytes, frames [{time, and a comparison per player}], loopEnd, sheet); a
        // comparison is {iou, strictIou, meanDifference [per channel, 0...1]}.
        let results = try LottiePlayers.script.results(jobs, in: directory)
        XCTAssertEqual(results.count, cases.count)
        let players = [("ThorVG", "thorvg"), ("rlottie", "rlottie"), ("lottie-web svg", "lottieWebSVG"), ("lottie-web canvas", "lottieWebCanvas")]
        var worstStrict = 1.0
        for (testCase, played) in zip(cases, results) {
            let label = testCase.label, sheet = try played.sheet.asString
            XCTAssertEqual(try played.schemaErrors.asStrings, [], "\(label): not valid against the Lottie schema")
            XCTAssertEqual(try played.lottieWebProblems.svg.asStrings, [], "\(label): lottie-web's svg renderer raised errors")
            XCTAssertEqual(try played.lottieWebProblems.canvas.asStrings, [], "\(label): lottie-web's canvas renderer raised errors")
            let frames = try played.frames.asElements
            XCTAssertEqual(frames.count, 4)
            for frame in frames {
                for (player, key) in players {
                    try Self.assertMatches(frame[key], "\(label) t=\(try frame.time.asInt) ms in \(player) (\(sheet))")
                    worstStrict = min(worstStrict, try frame[key].strictIou.asDouble)
                }
            }
            let loopEnd = played.loopEnd
            try Self.assertMatches(loopEnd.thorvg, "\(label): ThorVG 1 ms before the loop's end (it never draws frame op) against spinnerd then")
            try Self.assertMatches(loopEnd.lottieWebSVG, "\(label): lottie-web svg at frame op − 0.001 against spinnerd 1 ms before the loop's end")
            try Self.assertMatches(loopEnd.lottieWebCanvas, "\(label): lottie-web canvas at frame op − 0.001 against spinnerd 1 ms before the loop's end")
            XCTAssertEqual(try loopEnd.rlottie.iou.asDouble, 1, "\(label): rlottie's frame op is not frame ip")
            XCTAssertLessThanOrEqual(try loopEnd.rlottie.meanDifference.asDoubles.max() ?? 1, 0.001, "\(label): rlottie's frame op is not frame ip")
            // Each player's worst over the four moments: IoU and largest mean difference (%).
            let perPlayer = try players.map { name, key in
                String(format: "%@ %.3f/%.2f%%", name, try frames.map { try $0[key].iou.asDouble }.min() ?? 0,
                       100 * (try frames.flatMap { try $0[key].meanDifference.asDoubles }.max() ?? 1))
            }
            print(String(format: "lottie: %@: %d bytes, op %d at %.4g fps; worst IoU/mean difference: ", label, try played.bytes.asInt,
                         try played.op.asInt, try played.fr.asDouble) + perPlayer.joined(separator: ", "))
        }
        print(String(format: "lottie: worst strict (unrefined) coverage IoU over every case: %.4f", worstStrict))
    }

    /// A player's comparison with spinnerd's PNG ({iou, meanDifference}) within the targets.
    static func assertMatches(_ comparison: JobResult, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThanOrEqual(try comparison.iou.asDouble, minimumIoU, "coverage: \(label)", file: file, line: line)
        XCTAssertLessThanOrEqual(try comparison.meanDifference.asDoubles.max() ?? 1, maximumMeanDifference, "colour: \(label)", file: file, line: line)
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
        // Per job, per player (thorvg, rlottie, lottieWeb): {changedPixels, againstSpinnerd
        // (a comparison)}, lottie-web's with its problems (lottie.py's `recolour`).
        let results = try LottiePlayers.script.results(jobs, in: directory)
        XCTAssertEqual(results.count, jobs.count)
        for (job, result) in zip(jobs, results) {
            let name = job["label"] as? String ?? "?"
            XCTAssertEqual(try result.lottieWeb.problems.asStrings, [], "\(name): lottie-web raised errors")
            for (player, outcome) in [("ThorVG slots", result.thorvg), ("rlottie keypaths", result.rlottie), ("lottie-web slots", result.lottieWeb)] {
                let label = "\(name) through \(player)", changed = try outcome.changedPixels.asInt
                print("lottie recolour: \(label): \(changed) pixels changed; against spinnerd's PNG of the URL: "
                      + "IoU \(try outcome.againstSpinnerd.iou.asDouble), mean difference \(try outcome.againstSpinnerd.meanDifference.asDoubles.max() ?? 1)")
                XCTAssertGreaterThan(changed, 0, "\(label): nothing changed")
                try Self.assertMatches(outcome.againstSpinnerd, label)
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
