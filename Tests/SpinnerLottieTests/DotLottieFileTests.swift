import Foundation
@testable import SpinnerLottie
import SpinnerModel
import UnitSupport
import XCTest

/// The dotLottie file's themes can set the whole picture: in every Lottie case, the
/// animation with every paint in a slot (`slotsEveryPaint`) has the same slots in the light
/// and the dark theme, and the two documents differ only in those slots' values; no colour
/// or gradient is left outside a slot. The archive holds the manifest, the animation and
/// both themes, each theme a rule for every slot.
final class DotLottieFileTests: XCTestCase {
    func testEitherThemeDiffersFromTheOtherOnlyInItsSlots() throws {
        var themedSlots = 0
        // quaternaryLabel's alpha differs by theme (18 % light, 16 % dark): an inner shadow's
        // group takes it as its opacity, which a theme must set too.
        let alphaByTheme = [LottieCase(label: "circular quaternaryLabel shadows", kind: .circular,
                                       query: [("color", "quaternaryLabel"), ("shadow", "3"), ("track", "quaternaryLabel"), ("trackshadow", "2")])]
        for testCase in LottieCase.all + alphaByTheme {
            let request = try SpinnerRequest.parse(kind: testCase.kind.rawValue, format: .dotlottie, query: testCase.query)
            let loop = try FramePlan.loop(of: request.kind.scene(for: request), budget: RenderBudget())
            let (light, dark) = [Theme.light, .dark].map { theme in
                LottieDocument(request: request, scene: request.kind.scene(for: request, theme: theme), loopMilliseconds: loop, slotsEveryPaint: true)
            }.pair
            XCTAssertEqual(light.slotValues.map(\.shape), dark.slotValues.map(\.shape), testCase.label)
            let (lightObject, darkObject) = (try Self.object(light.bytes), try Self.object(dark.bytes))
            XCTAssertTrue(Self.withoutSlotValues(lightObject).isEqual(Self.withoutSlotValues(darkObject)),
                          "\(testCase.label): the themes' documents differ outside their slots")
            XCTAssertEqual(Self.unslottedPaints(lightObject), [], testCase.label)
            themedSlots += light.slotValues.count
            // Without the mode, the document apps recolour is as it was: no theme slots.
            let plain = LottieDocument(request: request, scene: request.kind.scene(for: request), loopMilliseconds: loop)
            XCTAssertFalse(plain.text.contains("\"theme"), testCase.label)
        }
        XCTAssertGreaterThan(themedSlots, LottieCase.all.count * 2)
    }

    func testTheArchiveHoldsTheManifestTheAnimationAndBothThemes() throws {
        for theme in ["light", "dark", "auto"] {
            let request = try SpinnerRequest.parse(kind: "circular", format: .dotlottie, query: [("style", "nineties"), ("theme", theme)])
            let scene = request.kind.scene(for: request)
            let other = request.kind.scene(for: request, theme: theme == "dark" ? .light : .dark)
            let loop = try FramePlan.loop(of: scene, budget: RenderBudget())
            let file = try DotLottieFile(request: request, scene: scene, otherScene: other, loopMilliseconds: loop)
            let entries = try ZipArchiveReader.read(file.bytes)
            XCTAssertEqual(entries.map(\.path), ["manifest.json", "a/circular.json", "t/light.json", "t/dark.json"])
            let manifest = try Self.object(entries[0].bytes)
            XCTAssertEqual(manifest["version"] as? String, "2")
            let animation = try XCTUnwrap((manifest["animations"] as? [[String: Any]])?.first)
            XCTAssertEqual(animation["id"] as? String, "circular")
            XCTAssertEqual(animation["themes"] as? [String], ["light", "dark"])
            XCTAssertEqual(animation["initialTheme"] as? String, theme == "auto" ? nil : theme)
            XCTAssertEqual((manifest["themes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["light", "dark"])
            // The animation is drawn in the request's theme; each theme sets every slot.
            let document = LottieDocument(request: request, scene: scene, loopMilliseconds: loop, slotsEveryPaint: true)
            XCTAssertEqual(entries[1].bytes, document.bytes)
            let slots = try XCTUnwrap(try Self.object(document.bytes)["slots"] as? [String: Any])
            for (index, name) in ["light", "dark"].enumerated() {
                let rules = try XCTUnwrap(try Self.object(entries[2 + index].bytes)["rules"] as? [[String: Any]])
                XCTAssertEqual(Set(rules.compactMap { $0["id"] as? String }), Set(slots.keys), name)
                XCTAssertEqual(Set(rules.compactMap { $0["type"] as? String }), ["Color", "Scalar", "Gradient"], name)
            }
            let rules = try entries[2 ... 3].map { try XCTUnwrap(try Self.object($0.bytes)["rules"] as? [[String: Any]]) }
            let gradients = try rules.map { theme in
                try XCTUnwrap(theme.first { $0["type"] as? String == "Gradient" }?["value"] as? NSArray, "a gradient rule")
            }
            XCTAssertNotEqual(gradients[0], gradients[1], "nineties' gradient is the theme's systemPurple to systemRed")
        }
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// The document without `slots` and without the values of properties that have a slot.
    static func withoutSlotValues(_ node: Any) -> NSObject {
        if let object = node as? [String: Any] {
            if let slot = object["sid"] { return ["sid": slot] as NSDictionary }
            return object.filter { $0.key != "slots" }.mapValues { withoutSlotValues($0) } as NSDictionary
        }
        if let array = node as? [Any] { return array.map { withoutSlotValues($0) } as NSArray }
        return node as? NSObject ?? NSNull()
    }

    /// The paints whose colour (`c`) or gradient (`g`) has no slot: `ty` and name.
    static func unslottedPaints(_ node: Any) -> [String] {
        if let object = node as? [String: Any] {
            var found: [String] = []
            if let type = object["ty"] as? String, ["fl", "st", "gf", "gs"].contains(type) {
                let paint = (type == "fl" || type == "st" ? object["c"] : object["g"]) as? [String: Any]
                if paint?["sid"] == nil { found.append("\(type) \(object["nm"] ?? "")") }
            }
            return found + object.values.flatMap { unslottedPaints($0) }
        }
        return (node as? [Any])?.flatMap { unslottedPaints($0) } ?? []
    }
}

private extension LottieSlot {
    /// What a theme must match: the kind of value (and a gradient's stop count).
    var shape: String {
        switch value {
        case .color: "\(id) colour"
        case .number: "\(id) number"
        case .gradient(let stops): "\(id) gradient of \(stops.count)"
        }
    }
}

private extension Array {
    var pair: (Element, Element) { (self[0], self[1]) }
}
