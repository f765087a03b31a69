import Foundation
@testable import SpinnerLottie
import SpinnerModel
import UnitSupport
import XCTest

/// Every document is written in the form After Effects' bodymovin exporter (5.8 and later)
/// writes, which every player is built and tested against — the lottie-specs schema is
/// the floor (the integration tests hold it), this is the target. On every case the
/// players play (every kind × style × theme, every kind on a background, counts, colours):
/// every group's items end with its transform (lottie-web with expressions drew nothing
/// for `background=` when one did not), colours have four components (Qt's player drew
/// three-component colours as transparent), and layers, items, properties and keyframes
/// carry the fields the exporter always writes.
final class LottieFormTests: XCTestCase {
    /// Fields the exporter always writes, by what they are on.
    static let topLevel = ["v", "fr", "ip", "op", "w", "h", "nm", "ddd", "assets", "layers", "markers"]
    static let layer = ["ddd", "ind", "ty", "nm", "sr", "ks", "ao", "ip", "op", "st", "bm"]
    static let shapeLayer = ["shapes"]
    static let precompLayer = ["refId", "w", "h"]
    static let layerTransform = ["o", "r", "p", "a", "s"]
    static let asset = ["id", "nm", "fr", "layers"]
    static let group = ["ty", "it", "nm", "np", "cix", "bm", "ix", "mn", "hd"]
    static let groupTransform = ["ty", "p", "a", "s", "r", "o", "sk", "sa", "nm"]
    /// Shape items by type (besides `ty`, `nm`, `mn`, `hd`, which every item but `tr` has).
    static let itemFields: [String: [String]] = [
        "el": ["d", "s", "p"], "rc": ["d", "s", "p", "r"], "fl": ["c", "o", "r", "bm"], "st": ["c", "o", "w", "lc", "lj", "bm"],
        "gs": ["o", "w", "g", "s", "e", "t", "lc", "lj", "bm"], "gf": ["o", "r", "g", "s", "e", "t", "bm"], "tm": ["s", "e", "o", "m", "ix"],
    ]
    /// Properties of each item that are animatable values (`{a, k, ix}`).
    static let properties: [String: [String]] = [
        "el": ["s", "p"], "rc": ["s", "p", "r"], "fl": ["c", "o"], "st": ["c", "o", "w"], "gs": ["o", "w", "s", "e"],
        "gf": ["o", "s", "e"], "tm": ["s", "e", "o"], "tr": ["p", "a", "s", "r", "o", "sk", "sa"],
    ]

    private struct Problems {
        var found: [String] = []
        mutating func check(_ condition: Bool, _ text: @autoclosure () -> String) {
            if !condition && found.count < 20 { found.append(text()) }
        }
    }

    func testEveryCaseIsWrittenInTheExportersForm() throws {
        var checked = 0
        for testCase in LottieCase.all {
            let request = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .lottie, query: testCase.query)
            let document = try LottieDocument(request: request)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any], testCase.label)
            var problems = Problems()
            Self.checkDocument(object, &problems)
            XCTAssertEqual(problems.found, [], testCase.label)
            XCTAssertTrue(document.text.hasPrefix("{\"v\":\"5."), "\(testCase.label): the exporter's order starts with v")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 40)
    }

    /// A group without its transform, a three-component colour and a keyframe without its
    /// easing are each found (the check can fail).
    func testTheCheckFindsWhatPlayersTripOver() throws {
        let request = try SpinnerRequest.parse(kind: "circular", format: .lottie, query: [("background", "f2f2f7")])
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try LottieDocument(request: request).bytes)) as? [String: Any])
        var layers = try XCTUnwrap(object["layers"] as? [[String: Any]])
        var shapes = try XCTUnwrap(layers[0]["shapes"] as? [[String: Any]])
        var background = try XCTUnwrap(shapes.last)
        var items = try XCTUnwrap(background["it"] as? [[String: Any]])
        items.removeLast()  // the transform
        var fill = try XCTUnwrap(items.last)
        var colour = try XCTUnwrap(fill["c"] as? [String: Any])
        colour["k"] = [0.5, 0.5, 0.5]
        fill["c"] = colour
        items[items.count - 1] = fill
        background["it"] = items
        shapes[shapes.count - 1] = background
        layers[0]["shapes"] = shapes
        object["layers"] = layers
        var problems = Problems()
        Self.checkDocument(object, &problems)
        XCTAssertTrue(problems.found.contains { $0.contains("Background") && $0.contains("transform") }, "\(problems.found)")
        XCTAssertTrue(problems.found.contains { $0.contains("four components") }, "\(problems.found)")
    }

    private static func checkDocument(_ object: [String: Any], _ problems: inout Problems) {
        for key in topLevel { problems.check(object[key] != nil, "the document lacks \(key)") }
        let version = (object["v"] as? String ?? "").split(separator: ".").compactMap { Int($0) }
        problems.check(version.lexicographicallyPrecedes([5, 5]) == false && version.count == 3, "v is not a 5.5-or-later version")
        for layer in object["layers"] as? [[String: Any]] ?? [] { checkLayer(layer, path: "layer", &problems) }
        for asset in object["assets"] as? [[String: Any]] ?? [] {
            let id = asset["id"] as? String ?? "?"
            for key in Self.asset { problems.check(asset[key] != nil, "asset \(id) lacks \(key)") }
            for layer in asset["layers"] as? [[String: Any]] ?? [] { checkLayer(layer, path: "asset \(id)", &problems) }
        }
        for (id, slot) in object["slots"] as? [String: [String: Any]] ?? [:] {
            let value = (slot["p"] as? [String: Any])?["k"]
            if let colour = value as? [Double] {
                problems.check(colour.count == 4 && colour[3] == 1, "slot \(id): a colour of four components, alpha 1")
            } else {
                problems.check(id.hasSuffix("Opacity") && value is Double, "slot \(id): an opacity is a number")
            }
        }
    }

    private static func checkLayer(_ layer: [String: Any], path: String, _ problems: inout Problems) {
        let name = "\(path) \(layer["nm"] as? String ?? "?")"
        for key in Self.layer { problems.check(layer[key] != nil, "\(name) lacks \(key)") }
        let type = layer["ty"] as? Int
        for key in type == 0 ? precompLayer : shapeLayer { problems.check(layer[key] != nil, "\(name) lacks \(key)") }
        let transform = layer["ks"] as? [String: Any] ?? [:]
        for key in layerTransform {
            problems.check(transform[key] != nil, "\(name): its transform lacks \(key)")
            checkProperty(transform[key], "\(name) ks.\(key)", &problems)
        }
        for key in ["p", "a", "s"] {
            let value = (transform[key] as? [String: Any])?["k"] as? [Double]
            problems.check(value?.count == 3, "\(name) ks.\(key): three components, as a 2D layer's are written")
        }
        for item in layer["shapes"] as? [[String: Any]] ?? [] { checkItem(item, path: name, &problems) }
    }

    private static func checkItem(_ item: [String: Any], path: String, _ problems: inout Problems) {
        let type = item["ty"] as? String ?? "?"
        let name = "\(path).\(item["nm"] as? String ?? "?")"
        if type == "gr" {
            for key in group { problems.check(item[key] != nil, "\(name) lacks \(key)") }
            let items = item["it"] as? [[String: Any]] ?? []
            problems.check(items.last?["ty"] as? String == "tr", "\(name): a group's items end with its transform")
            problems.check(items.dropLast().allSatisfy { $0["ty"] as? String != "tr" }, "\(name): one transform, last")
            problems.check(item["np"] as? Int == items.count - 1, "\(name): np counts its items but the transform")
            for child in items { checkItem(child, path: name, &problems) }
            return
        }
        if type == "tr" {
            for key in groupTransform { problems.check(item[key] != nil, "\(name) transform lacks \(key)") }
        } else {
            for key in ["ty", "nm", "mn", "hd"] + (itemFields[type] ?? []) { problems.check(item[key] != nil, "\(name) (\(type)) lacks \(key)") }
            problems.check(itemFields[type] != nil, "\(name): an item type the engine does not write (\(type))")
        }
        for key in properties[type] ?? [] { checkProperty(item[key], "\(name).\(key)", &problems) }
        if type == "fl" || type == "st" {
            let colour = item["c"] as? [String: Any]
            let values: [[Double]] = (colour?["k"] as? [Double]).map { [$0] }
                ?? (colour?["k"] as? [[String: Any]] ?? []).compactMap { $0["s"] as? [Double] }
            problems.check(!values.isEmpty && values.allSatisfy { $0.count == 4 }, "\(name): a colour of four components")
            if let sid = colour?["sid"] as? String {
                problems.check((item["o"] as? [String: Any])?["sid"] as? String == LottieDocument.opacitySlot(sid),
                               "\(name): the opacity of slot \(sid) is slot \(LottieDocument.opacitySlot(sid))")
            }
        }
    }

    /// `{a, k, ix}`; keyframes (when `a` is 1) with `t` and `s` in an array, every one but
    /// the last with its easing (`i` and `o` in arrays, or `h`).
    private static func checkProperty(_ value: Any?, _ name: String, _ problems: inout Problems) {
        guard let property = value as? [String: Any] else { return problems.check(false, "\(name) is not a property") }
        for key in ["a", "k", "ix"] { problems.check(property[key] != nil, "\(name) lacks \(key)") }
        guard property["a"] as? Int == 1 else { return }
        let keyframes = property["k"] as? [[String: Any]] ?? []
        problems.check(keyframes.count >= 2, "\(name): an animated property has keyframes")
        for (index, keyframe) in keyframes.enumerated() {
            problems.check(keyframe["t"] is Double && keyframe["s"] is [Double], "\(name) keyframe \(index): t, and s in an array")
            guard index + 1 < keyframes.count else { continue }
            let eased = (keyframe["i"] as? [String: Any])?["x"] is [Double] && (keyframe["o"] as? [String: Any])?["y"] is [Double]
            problems.check(eased || keyframe["h"] as? Int == 1, "\(name) keyframe \(index): its easing (i and o in arrays, or h)")
        }
    }
}
