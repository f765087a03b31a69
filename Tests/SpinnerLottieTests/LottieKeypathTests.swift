import Foundation
@testable import SpinnerLottie
import SpinnerModel
import UnitSupport
import XCTest

/// The paints the builders record while writing are the paints the document holds, read
/// back from its text with Foundation's JSON parser: every fill and stroke, top first, its
/// keypath the names of the layers (through precompositions), groups and item, its slot
/// its colour's `sid`. And every layer list is numbered 1, 2, … from the top.
final class LottieKeypathTests: XCTestCase {
    private static let kinds = ["fl": LottiePaint.Kind.fill, "st": .stroke, "gf": .gradientFill, "gs": .gradientStroke]

    func testRecordedPaintsAreThePaintsInTheText() throws {
        for testCase in LottieCase.all {
            let request = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .lottie, query: testCase.query)
            let document = try LottieDocument(request: request)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any], testCase.label)
            let read = Self.paints(in: object)
            XCTAssertFalse(read.isEmpty, testCase.label)
            XCTAssertEqual(document.paints, read, testCase.label)
        }
    }

    func testLayersAreNumberedFromTheTop() throws {
        for testCase in LottieCase.all {
            let request = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .lottie, query: testCase.query)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try LottieDocument(request: request).bytes)) as? [String: Any])
            let lists = [object["layers"]] + (object["assets"] as? [[String: Any]] ?? []).map { $0["layers"] }
            for list in lists {
                let indexes = (list as? [[String: Any]] ?? []).map { $0["ind"] as? Int }
                XCTAssertEqual(indexes, indexes.indices.map { $0 + 1 }, testCase.label)
            }
        }
    }

    /// Every paint in the document's layers, top first, looking precompositions up by id.
    private static func paints(in object: [String: Any]) -> [LottiePaint] {
        var assets: [String: [[String: Any]]] = [:]
        for asset in object["assets"] as? [[String: Any]] ?? [] {
            if let id = asset["id"] as? String { assets[id] = asset["layers"] as? [[String: Any]] ?? [] }
        }
        var found: [LottiePaint] = []
        func walk(layers: [[String: Any]], path: [String]) {
            for layer in layers {
                let here = path + [layer["nm"] as? String ?? "?"]
                if let id = layer["refId"] as? String, let inner = assets[id], here.count < 8 {
                    walk(layers: inner, path: here)
                } else {
                    walk(items: layer["shapes"] as? [[String: Any]] ?? [], path: here)
                }
            }
        }
        func walk(items: [[String: Any]], path: [String]) {
            for item in items {
                let here = path + [item["nm"] as? String ?? "?"]
                let type = item["ty"] as? String ?? ""
                if type == "gr" {
                    walk(items: item["it"] as? [[String: Any]] ?? [], path: here)
                } else if let kind = kinds[type] {
                    found.append(LottiePaint(keypath: here.joined(separator: "."), kind: kind, slot: (item["c"] as? [String: Any])?["sid"] as? String))
                }
            }
        }
        walk(layers: object["layers"] as? [[String: Any]] ?? [], path: [])
        return found
    }
}
