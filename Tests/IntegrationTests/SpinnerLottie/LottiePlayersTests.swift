import Foundation
import SpinnerLottie
import SpinnerModel
import SpinnerRendering
import TestSupport
import XCTest

/// spinnerd's Lottie documents played by two players nobody here wrote, ThorVG and
/// rlottie (`Tests/Support/lottie.py`), against spinnerd's own PNG of the same moment, and
/// checked against the Lottie specification's JSON schema. Sheets (spinnerd, ThorVG,
/// rlottie in rows; t = 0, ¼, ½, ¾ of the loop in columns) are kept under
/// `.build/lottie-sheets` for people to look at.
final class LottiePlayersTests: XCTestCase {
    /// A document to play: a kind and its query.
    struct Case {
        let label: String
        let kind: SpinnerKind
        let query: [(name: String, value: String)]
    }

    /// Every kind × style × theme, and variations of count, stroke, colours, duration,
    /// size and background.
    static var cases: [Case] {
        let themes = ["light", "dark", "auto"]
        var cases: [Case] = []
        for kind in SpinnerKind.allCases {
            for theme in themes { cases.append(Case(label: "\(kind.rawValue) theme=\(theme)", kind: kind, query: [("theme", theme)])) }
        }
        for style in CircularStyle.allCases where style != .hierarchy {
            for theme in themes {
                cases.append(Case(label: "circular style=\(style.rawValue) theme=\(theme)", kind: .circular,
                                  query: [("style", style.rawValue), ("theme", theme)]))
            }
        }
        let variations: [(SpinnerKind, [(String, String)])] = [
            (.circular, [("stroke", "15"), ("duration", "1"), ("style", "accent")]),
            (.circular, [("track", "ffcc00"), ("color", "007aff"), ("background", "f2f2f7"), ("size", "90"), ("duration", "2.345")]),
            (.activity, [("count", "8"), ("stroke", "4"), ("color", "ff3b30"), ("duration", "0.8"), ("size", "64")]),
            (.activity, [("count", "24"), ("theme", "dark"), ("background", "000000"), ("duration", "3")]),
            (.dots, [("count", "5"), ("duration", "2.25"), ("size", "120"), ("color", "34c759")]),
            (.dots, [("count", "16"), ("stroke", "6"), ("duration", "0.7")]),
            (.arc, [("color", "ff9500"), ("track", "5856d6"), ("stroke", "12"), ("size", "100")]),
            (.arc, [("stroke", "3"), ("duration", "1.7"), ("size", "120")]),
            (.capsules, [("count", "9"), ("stroke", "8"), ("duration", "1.234"), ("size", "120")]),
            (.capsules, [("count", "30"), ("color", "af52de"), ("duration", "4")]),
        ]
        for (kind, query) in variations {
            cases.append(Case(label: kind.rawValue + " " + query.map { "\($0.0)=\($0.1)" }.joined(separator: " "), kind: kind,
                              query: query.map { (name: $0.0, value: $0.1) }))
        }
        return cases
    }

    private struct Comparison: Decodable {
        let iou: Double
        let strictIou: Double
        let meanDifference: [Double]
    }

    private struct Played: Decodable {
        struct Frame: Decodable { let time: Int; let thorvg: Comparison; let rlottie: Comparison }
        struct End: Decodable { let thorvg: Comparison; let rlottie: Comparison }
        let schemaErrors: [String]
        let op: Int
        let fr: Double
        let bytes: Int
        let frames: [Frame]
        let loopEnd: End
        let sheet: String
    }

    /// Coverage IoU at least this (the target).
    static let minimumIoU = 0.95
    /// Mean absolute difference per channel at most this share of 255 (the 4 %).
    static let maximumMeanDifference = 0.04

    func testEveryCaseIsValidAndBothPlayersDrawWhatSpinnerdDraws() throws {
        let directory = try TemporaryDirectory()
        let sheets = Repository.root.appendingPathComponent(".build/lottie-sheets")
        try FileManager.default.createDirectory(at: sheets, withIntermediateDirectories: true)
        let renderer = SpinnerRenderer()
        var jobs: [[String: Any]] = []
        let cases = Self.cases
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
            XCTAssertEqual(played.frames.map(\.time).count, 4)
            for frame in played.frames {
                for (player, comparison) in [("ThorVG", frame.thorvg), ("rlottie", frame.rlottie)] {
                    Self.assertMatches(comparison, "\(label) t=\(frame.time) ms in \(player) (\(played.sheet))")
                    worstStrict = min(worstStrict, comparison.strictIou)
                }
            }
            Self.assertMatches(played.loopEnd.thorvg, "\(label): ThorVG 1 ms before the loop's end (it never draws frame op) against spinnerd then")
            XCTAssertEqual(played.loopEnd.rlottie.iou, 1, "\(label): rlottie's frame op is not frame ip")
            XCTAssertLessThanOrEqual(played.loopEnd.rlottie.meanDifference.max() ?? 1, 0.001, "\(label): rlottie's frame op is not frame ip")
            let worst = played.frames.flatMap { [$0.thorvg, $0.rlottie] }
            print(String(format: "lottie: %@: %d bytes, op %d at %.4g fps; worst IoU %.4f (strict %.4f), largest mean difference %.4f",
                         label, played.bytes, played.op, played.fr, worst.map(\.iou).min() ?? 0, worst.map(\.strictIou).min() ?? 0,
                         worst.flatMap(\.meanDifference).max() ?? 1))
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
            let sameCoverage: Bool
            let againstSpinnerd: Comparison
        }
        let thorvg: Judged
        let rlottie: Judged
    }

    /// Each kind's main colour, changed at run time through its slots in ThorVG and
    /// through its keypaths in rlottie, draws what spinnerd draws when asked for that
    /// colour by its parameters — the colour changes, and nothing else does.
    func testEachKindsMainColourChangesThroughItsSlotsAndItsKeypaths() throws {
        let directory = try TemporaryDirectory()
        let blue = "007aff"
        let rgb = [0.0, Double(0x7a) / 255, 1.0]
        // The slots that hold each kind's main colour, and the parameters that draw it.
        let main: [SpinnerKind: (slots: (String) -> Bool, query: [(name: String, value: String)])] = [
            .circular: ({ $0 == "puck" }, [("color", blue)]),
            .activity: ({ $0 == "color" }, [("color", blue)]),
            .dots: ({ $0.hasPrefix("dot") }, [("color", blue)]),
            .arc: ({ $0.hasPrefix("dot") }, [("color", blue), ("track", blue)]),
            .capsules: ({ $0 == "color" }, [("color", blue)]),
        ]
        let renderer = SpinnerRenderer()
        var jobs: [[String: Any]] = []
        for kind in SpinnerKind.allCases {
            let (isMain, query) = try XCTUnwrap(main[kind])
            let request = try SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: [])
            let document = LottieDocument(request: request)
            let slots = document.slots.map(\.id).filter(isMain)
            let paints = document.paints.filter { $0.slot.map(isMain) ?? false }
            XCTAssertFalse(slots.isEmpty || paints.isEmpty, "\(kind.rawValue): no slot or paint for its main colour")
            let path = try directory.write(document.bytes, to: "\(kind.rawValue).json")
            // A whole frame near a quarter of the loop whose time is a whole ms.
            let loop = try Self.loopMilliseconds(document.bytes), frames = try Self.outPoint(document.bytes)
            let frame = (frames / 4 ... frames / 2).first { $0 * loop % frames == 0 } ?? 0
            let still = try SpinnerRequest.parse(kind: kind.rawValue, format: .png,
                                                 query: query + [(name: "t", value: Self.seconds(frame * loop / frames))])
            let png = try directory.write(try renderer.render(still).bytes, to: "\(kind.rawValue).png")
            jobs.append(["type": "recolour", "lottie": path, "px": request.shared.size, "frame": frame, "slots": slots,
                         "keypaths": paints.map { [$0.keypath, $0.kind == .fill ? "fill" : "stroke"] }, "rgb": rgb, "png": png])
        }
        let results = try JSONDecoder().decode([Recoloured].self, from: try LottiePlayers.run(jobs, in: directory))
        XCTAssertEqual(results.count, SpinnerKind.allCases.count)
        for (kind, result) in zip(SpinnerKind.allCases, results) {
            for (player, judged) in [("ThorVG slots", result.thorvg), ("rlottie keypaths", result.rlottie)] {
                let label = "\(kind.rawValue) recoloured through its \(player)"
                print("lottie recolour: \(label): \(judged.changedPixels) pixels changed, against spinnerd color=\(blue): "
                      + "IoU \(judged.againstSpinnerd.iou), mean difference \(judged.againstSpinnerd.meanDifference.max() ?? 1)")
                XCTAssertGreaterThan(judged.changedPixels, 0, "\(label): nothing changed")
                XCTAssertTrue(judged.sameCoverage, "\(label): the coverage changed")
                Self.assertMatches(judged.againstSpinnerd, label)
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
