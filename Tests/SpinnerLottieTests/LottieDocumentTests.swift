import ExactTime
import Foundation
@testable import SpinnerLottie
import SpinnerModel
import XCTest

/// The Lottie writer's own promises, checked on its text: the loop is a whole number of
/// frames, shape items name their type first, whole numbers are integers.
final class LottieDocumentTests: XCTestCase {
    func testALoopOfAnyLengthIsAWholeNumberOfFramesNearSixtyASecond() {
        for loop in [1000, 1234, 3500, 6000, 100, 29_999] {
            let timeline = LottieTimeline(loopMilliseconds: loop)
            XCTAssertEqual(Double(timeline.outPoint) / timeline.frameRate * 1000, Double(loop), accuracy: 1e-9)
            XCTAssertEqual(timeline.frameRate, 60, accuracy: 60.0 * 1000 / Double(loop) + 1e-9)
            XCTAssertEqual(timeline.frame(Rational(Int64(loop))), Double(timeline.outPoint), accuracy: 1e-9)
        }
    }

    func testNumbersAreIntegersWhenWholeAndShortOtherwise() {
        XCTAssertEqual(LottieJSONWriter.number(1), "1")
        XCTAssertEqual(LottieJSONWriter.number(-2), "-2")
        XCTAssertEqual(LottieJSONWriter.number(0.5), "0.5")
        XCTAssertEqual(LottieJSONWriter.number(1.0 / 3), "0.3333")
        XCTAssertEqual(LottieJSONWriter.number(-0.00001), "0")
        XCTAssertEqual(LottieJSONWriter.quoted("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"")
    }

    /// Members are written in the order given, commas only between them, at every depth.
    func testTheWriterKeepsTheOrderItIsGiven() {
        var writer = LottieJSONWriter()
        writer.object { writer in
            writer.field("ty", "gr")
            writer.field("it") { $0.array { $0.object { $0.field("b", 1.5) }; $0.numbers([1, 2]); $0.array { _ in } } }
            writer.field("a", 0)
            writer.field("hd", false)
        }
        XCTAssertEqual(writer.text, #"{"ty":"gr","it":[{"b":1.5},[1,2],[]],"a":0,"hd":false}"#)
    }

    private func document(_ kind: SpinnerKind, _ query: [(name: String, value: String)] = []) throws -> LottieDocument {
        try LottieDocument(request: try SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: query))
    }

    /// Every slot is used by a paint and every paint's slot is listed; keypaths are unique.
    func testEveryKindsPaintsAndSlotsAgree() throws {
        for kind in SpinnerKind.allCases {
            for query in [[], [(name: "background", value: "336699")], [(name: "theme", value: "dark")]] {
                let document = try document(kind, query)
                let label = "\(kind.rawValue) \(query.map(\.value))"
                let used = Set(document.paints.compactMap(\.slot))
                XCTAssertEqual(used, Set(document.slots.map(\.id)), label)
                XCTAssertEqual(Set(document.paints.map(\.keypath)).count, document.paints.count, "\(label): keypaths repeat")
                XCTAssertTrue(document.paints.allSatisfy { $0.keypath.hasPrefix(LottieDocument.layerName + ".") }, label)
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any])
                // Each colour slot, and its opacity's.
                XCTAssertEqual(Set((object["slots"] as? [String: Any])?.keys.map { $0 } ?? []),
                               used.union(used.map(LottieDocument.opacitySlot)), label)
            }
        }
    }

    /// A background is `Spinner.Background.Fill` (slot `background`) whether the scene is
    /// one layer or precomposed rings.
    func testABackgroundHasOneKeypathInEveryKind() throws {
        for kind in SpinnerKind.allCases {
            let paints = try document(kind, [(name: "background", value: "336699")]).paints
            XCTAssertEqual(paints.filter { $0.slot == "background" }.map(\.keypath), ["Spinner.Background.Fill"], kind.rawValue)
            XCTAssertTrue(try document(kind).paints.allSatisfy { $0.slot != "background" }, "\(kind.rawValue): no background by default")
        }
    }

    /// rlottie's rules for keyframes, on every animated property of every kind: each
    /// keyframe but the last carries its easing (`o` and `i`, or `h`), the last only `t`
    /// and `s`; times increase; and the keyframes cover frame 0 to `op`.
    func testKeyframesFollowTheFormBothPlayersRead() throws {
        for kind in SpinnerKind.allCases {
            for query in [[], [(name: "style", value: "nineties")]] where kind == .circular || query.isEmpty {
                let document = try document(kind, query)
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any])
                let op = try XCTUnwrap(object["op"] as? Double)
                var tracks: [[[String: Any]]] = []
                func collect(_ value: Any) {
                    if let dictionary = value as? [String: Any] {
                        if dictionary["a"] as? Int == 1, let keyframes = dictionary["k"] as? [[String: Any]] { tracks.append(keyframes) }
                        dictionary.values.forEach(collect)
                    } else if let array = value as? [Any] {
                        array.forEach(collect)
                    }
                }
                collect(object)
                XCTAssertFalse(tracks.isEmpty, kind.rawValue)
                for keyframes in tracks {
                    let times = keyframes.compactMap { $0["t"] as? Double }
                    XCTAssertEqual(times.count, keyframes.count)
                    XCTAssertEqual(times, times.sorted(), "\(kind.rawValue): times go back")
                    XCTAssertLessThanOrEqual(times.first ?? 1, 0, "\(kind.rawValue): frame 0 is not covered")
                    XCTAssertGreaterThanOrEqual(times.last ?? 0, op - 1e-9, "\(kind.rawValue): frame op is not covered")
                    for keyframe in keyframes.dropLast() {
                        XCTAssertTrue(keyframe["h"] as? Int == 1 || (keyframe["o"] != nil && keyframe["i"] != nil), "\(kind.rawValue): \(keyframe)")
                    }
                    XCTAssertEqual(Set(keyframes.last?.keys.map { $0 } ?? []), ["t", "s"], kind.rawValue)
                }
            }
        }
    }
}

