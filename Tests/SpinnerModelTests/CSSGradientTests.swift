#if canImport(Glibc)
import Glibc
#endif
@testable import SpinnerModel
import XCTest

/// CSS gradients wherever a layer's colour is taken: every spelling of one gradient is one
/// canonical form (one cache key, one ETag), the canonical form reads back to itself, the
/// geometry is CSS's, and hostile or malformed values are refused naming the parameter,
/// with a did-you-mean for a slip in a function's name.
final class CSSGradientTests: XCTestCase {
    private func form(_ kind: String = "circular", _ name: String = "color", value: String,
                      file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let form = try request(kind, .png, [name: value], file: file, line: line).canonicalForm
        let prefix = name + "="
        guard let item = form.split(separator: "?")[1].split(separator: "&").first(where: { $0.hasPrefix(prefix) }) else {
            XCTFail("no \(name) in \(form)", file: file, line: line)
            return ""
        }
        return String(item.dropFirst(prefix.count))
    }

    private func gradient(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> GradientValue {
        do { return try CSSGradient.parse(text) } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            throw error
        }
    }

    /// The canonical-form table of the issue: each row's spellings are one form.
    func testEquivalentSpellingsAreOneCanonicalForm() throws {
        let table: [(spellings: [String], canonical: String)] = [
            (["linear-gradient(to right, red, blue)", "linear-gradient(90deg,red,blue)", "linear-gradient(0.25turn, red 0%, blue 100%)",
              "LINEAR-GRADIENT(100grad , #f00 , #00f)", "linear-gradient(  90deg ,  rgb(255 0 0) 0% , hsl(240 100% 50%)  )",
              "linear-gradient(450deg, red, blue)", "linear-gradient(-270deg, red, blue)"],
             "linear-gradient(90deg,ff0000,0000ff)"),
            (["linear-gradient(red, blue)", "linear-gradient(to bottom, red, blue)", "linear-gradient(180deg, red 0%, blue)",
              "linear-gradient(0.5turn, red, blue 100%)"],
             "linear-gradient(ff0000,0000ff)"),
            (["linear-gradient(to top right, red, blue)", "linear-gradient(45deg, red, blue)"], "linear-gradient(45deg,ff0000,0000ff)"),
            (["linear-gradient(red, lime, blue)", "linear-gradient(red 0%, lime 50%, blue 100%)", "linear-gradient(red, lime 50%, blue)"],
             "linear-gradient(ff0000,00ff00,0000ff)"),
            (["linear-gradient(red 40%, lime, blue, black)", "linear-gradient(red 40%, lime 60%, blue 80%, black 100%)"],
             "linear-gradient(ff0000 40%,00ff00 60%,0000ff 80%,000000 100%)"),
            (["linear-gradient(red 10% 30%, blue)", "linear-gradient(red 10%, red 30%, blue)"],
             "linear-gradient(ff0000 10%,ff0000 30%,0000ff 100%)"),
            (["linear-gradient(red 50%, blue 20%)", "linear-gradient(red 50%, blue 50%)"], "linear-gradient(ff0000 50%,0000ff 50%)"),
            (["radial-gradient(red, blue)", "radial-gradient(ellipse, red, blue)", "radial-gradient(circle farthest-corner at center, red, blue)",
              "radial-gradient(at 50% 50%, red, blue)", "radial-gradient(ellipse farthest-corner at center center, red, blue)"],
             "radial-gradient(ff0000,0000ff)"),
            (["radial-gradient(circle closest-side, red, blue)", "radial-gradient(closest-side circle at center, red, blue)",
              "radial-gradient(50% 50%, red, blue)", "radial-gradient(farthest-side, red, blue)"],
             "radial-gradient(50% 50%,ff0000,0000ff)"),
            (["radial-gradient(at left top, red, blue)", "radial-gradient(at top left, red, blue)", "radial-gradient(at 0% 0%, red, blue)"],
             "radial-gradient(at 0% 0%,ff0000,0000ff)"),
            (["conic-gradient(red, blue)", "conic-gradient(from 0deg, red, blue)", "conic-gradient(from 360deg at center, red 0deg, blue 1turn)",
              "conic-gradient(at 50% 50%, red 0%, blue 360deg)"],
             "conic-gradient(ff0000,0000ff)"),
            (["conic-gradient(from 90deg, red, yellow 25%, lime)", "conic-gradient(from 0.25turn, red, yellow 90deg, lime)"],
             "conic-gradient(from 90deg ff0000 0%,ffff00 25%,00ff00 100%)".replacingOccurrences(of: "deg ff", with: "deg,ff")),
            (["conic-gradient(systemBlue, SYSTEMRED)", "conic-gradient(systemblue 0%, systemred 100%)"],
             "conic-gradient(systemBlue,systemRed)"),
        ]
        for row in table {
            let forms = try row.spellings.map { try form(value: $0) }
            for (spelling, found) in zip(row.spellings, forms) {
                XCTAssertEqual(found, row.canonical, spelling)
            }
            // The canonical form reads back to itself.
            XCTAssertEqual(try form(value: row.canonical), row.canonical)
        }
    }

    func testEveryKindTakesAGradientWhereItsColourIs() throws {
        let rainbow = "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"
        for (kind, name) in [("circular", "color"), ("circular", "track"), ("dots", "color"), ("activity", "color"),
                             ("capsules", "color"), ("arc", "color")] {
            XCTAssertEqual(try form(kind, name, value: rainbow), "conic-gradient(ff0000,ffff00,00ff00,00ffff,0000ff,ff00ff,ff0000)", "\(kind) \(name)")
        }
        XCTAssertEqual(try form("dots", "background", value: "linear-gradient(white, #eee)"), "linear-gradient(ffffff,eeeeee)")
        // Conic fills have no form in SVG or Lottie: background refuses them, saying why.
        let error = refusal("dots", .png, [("background", rainbow)])
        XCTAssertEqual(error?.parameter, "background")
        XCTAssertTrue(error?.detail.contains("conic") ?? false, error?.detail ?? "")
        // Colour-only parameters still take colours only.
        XCTAssertEqual(refusal("dots", .gif, [("matte", "linear-gradient(red,blue)")])?.parameter, "matte")
        XCTAssertEqual(refusal("arc", .png, [("track", "linear-gradient(red,blue)")])?.parameter, "track")
    }

    func testGeometryIsCSSs() throws {
        // Linear: 0deg points up; the line spans the box corner to corner (45deg: its diagonal).
        let right = try gradient("linear-gradient(to right, red, blue)").paint(for: .light, side: 60)
        guard case .linear(let line) = right else { return XCTFail("\(right)") }
        XCTAssertEqual(line.start.x, 0, accuracy: 1e-9); XCTAssertEqual(line.end.x, 60, accuracy: 1e-9)
        XCTAssertEqual(line.start.y, 30, accuracy: 1e-9)
        let corner = try gradient("linear-gradient(to bottom right, red, blue)").paint(for: .light, side: 60)
        guard case .linear(let diagonal) = corner else { return XCTFail("\(corner)") }
        XCTAssertEqual(diagonal.start.x, 0, accuracy: 1e-9); XCTAssertEqual(diagonal.start.y, 0, accuracy: 1e-9)
        XCTAssertEqual(diagonal.end.x, 60, accuracy: 1e-9); XCTAssertEqual(diagonal.end.y, 60, accuracy: 1e-9)
        // Radial: farthest-corner from the centre reaches the corners.
        let radial = try gradient("radial-gradient(red, blue)").paint(for: .light, side: 60)
        XCTAssertEqual(radial.color(at: Point(x: 30, y: 30)), Color(red8: 255, green8: 0, blue8: 0))
        XCTAssertEqual(radial.color(at: Point(x: 0, y: 0)).hex, "0000ff")
        // Conic: 0 % at 12 o'clock (from 0deg), clockwise.
        let conic = try gradient("conic-gradient(red, blue)").paint(for: .light, side: 60)
        XCTAssertEqual(conic.color(at: Point(x: 30, y: 1)).hex, "ff0000")
        XCTAssertEqual(conic.color(at: Point(x: 30, y: 59)).hex, "800080")
        let turned = try gradient("conic-gradient(from 90deg, red, blue)").paint(for: .light, side: 60)
        XCTAssertEqual(turned.color(at: Point(x: 59, y: 30)).hex, "ff0000")
    }

    func testStopsOutsideTheBoxAreCutAndTransparentFadesItsNeighbour() throws {
        let paint = try gradient("linear-gradient(90deg, red -100%, blue 100%)").paint(for: .light, side: 100)
        guard case .linear(let line) = paint else { return XCTFail("\(paint)") }
        XCTAssertEqual(line.stops.first?.offset, 0)
        XCTAssertEqual(line.stops.first?.color.hex, "800080", "the colour half-way from red to blue at the box's edge")
        let fade = try gradient("linear-gradient(90deg, red, transparent)").paint(for: .light, side: 100)
        XCTAssertEqual(fade.color(at: Point(x: 50, y: 50)).hex, "ff000080", "red fading out, not a grey")
        let through = try gradient("linear-gradient(90deg, red, transparent, blue)").paint(for: .light, side: 100)
        XCTAssertEqual(through.color(at: Point(x: 25, y: 50)).hex, "ff000080")
        XCTAssertEqual(through.color(at: Point(x: 75, y: 50)).hex, "0000ff80")
        // A radial gradient's stops past 100 % stretch its radius.
        let stretched = try gradient("radial-gradient(closest-side, red, blue 200%)").paint(for: .light, side: 100)
        guard case .radial(let circle) = stretched else { return XCTFail("\(stretched)") }
        XCTAssertEqual(circle.radiusX, 100, accuracy: 1e-9)
    }

    /// RequestErrorTests' attacks on the new grammar: each refused, naming the parameter.
    func testHostileAndMalformedGradientsAreRefused() {
        let cases: [(String, String)] = [
            ("linear-gradient(red, blue", "close"),
            ("linear-gradient(red, blue))", "close"),
            ("linear-gradient((red, blue)", "close"),
            ("linear-gradient(" + Array(repeating: "red", count: 10_000).joined(separator: ",") + ")", "256 bytes"),
            ("linear-gradient(" + Array(repeating: "red", count: 9).joined(separator: ",") + ")", "8 colour stops"),
            ("linear-gradient(red 1% 2%, blue 3% 4%, red 5% 6%, blue 7% 8%, red 9%)", "8 colour stops"),
            ("linear-gradient(red)", "two colour stops"),
            ("linear-gradient()", "close"),
            ("linear-gradient(linear-gradient(red, blue), red)", "not a gradient inside"),
            ("linear-gradient(rgb(rgb(1,2,3)), red)", "close"),
            ("linear-gradient(nandeg, red, blue)", "an angle"),
            ("linear-gradient(NaNdeg, red, blue)", "an angle"),
            ("linear-gradient(infdeg, red, blue)", "an angle"),
            ("linear-gradient(1e400deg, red, blue)", "an angle"),
            ("linear-gradient(1e7deg, red, blue)", "an angle"),
            ("linear-gradient(red 1e9%, blue)", "position"),
            ("linear-gradient(red nan%, blue)", "position"),
            ("linear-gradient(red\u{0}, blue)", "printable"),
            ("linear-gradient(red, blue)\u{0}", "printable"),
            ("linear-gradient(réd, blue)", "printable"),
            ("linear-gradient(red, 50%, blue)", "hint"),
            ("linear-gradient(red 10px, blue)", "pixels"),
            ("radial-gradient(circle 20px, red, blue)", "pixels"),
            ("radial-gradient(circle 50% 50%, red, blue)", "extent"),
            ("radial-gradient(at 10px 10px, red, blue)", "pixels"),
            ("radial-gradient(at middle, red, blue)", "position"),
            ("conic-gradient(from red, blue)", "from <angle>"),
            ("conic-gradient(from 10deg at, red, blue)", "position"),
            ("linear-gradient(to middle, red, blue)", "to top"),
            ("linear-gradient(to left left, red, blue)", "to top"),
            ("repeating-linear-gradient(red, blue)", "repeating"),
            ("linear-gradient(red,,blue)", "close"),
            ("linear-gradient(red, blue 10% 20% 30%)", "at most two positions"),
            // The name touches its parenthesis, as CSS writes it (openapi.yaml's pattern says so too).
            (" linear-gradient(red, blue)", "not ' linear-gradient'"),
            ("linear-gradient (red, blue)", "did you mean 'linear-gradient('"),
            ("conic-gradient(red 525turn, blue)", "position"),
        ]
        for (value, expected) in cases {
            let error = refusal("circular", .png, [("color", value)])
            XCTAssertEqual(error?.parameter, "color", "\(value.prefix(60)) was not refused")
            XCTAssertTrue(error?.detail.contains(expected) ?? false, "\(value.prefix(60)): \(error?.detail ?? "")")
        }
    }

    func testASlipInAFunctionNameGetsADidYouMean() {
        for (written, meant) in [("liner-gradient(red,blue)", "linear-gradient"), ("lineargradient(red,blue)", "linear-gradient"),
                                 ("conical-gradient(red,blue)", "conic-gradient"), ("radial-gradiant(red,blue)", "radial-gradient("),
                                 ("linear-gradient(rde, blue)", "red")] {
            let error = refusal("circular", .png, [("color", written)])
            XCTAssertEqual(error?.suggestion, meant, written)
        }
        // The parameter's own message mentions gradients where they are taken, not for matte.
        XCTAssertTrue(refusal("circular", .png, [("color", "nope")])?.detail.contains("linear-gradient") ?? false)
        XCTAssertFalse(refusal("dots", .gif, [("matte", "nope")])?.detail.contains("gradient") ?? true)
    }
}

/// Drop shadows on either layer of `circular`: SwiftUI's `.drop(color:radius:x:y:)` order,
/// one canonical form, bounded, and drawn as bands whose opacity follows a blurred stroke.
final class DropShadowTests: XCTestCase {
    private func form(_ name: String, _ value: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let form = try request("circular", .svg, [name: value], file: file, line: line).canonicalForm
        return String(form.split(separator: "&").first { $0.hasPrefix(name + "=") || $0.contains("?" + name + "=") }?
            .split(separator: "=", maxSplits: 1).last ?? "")
    }

    func testSpellingsShareOneForm() throws {
        for (spellings, canonical) in [(["4", "4.0", "4,0,0", " 4 , 0 , 0 "], "4"),
                                       (["4,0,2", "4, 0, 2.00"], "4,0,2"),
                                       (["3,-1.5,2,black", "3,-1.50,2,#000", "3,-1.5,2,rgb(0,0,0)"], "3,-1.5,2,000000"),
                                       (["2,0,0,systemBlue"], "2,0,0,systemBlue")] {
            for spelling in spellings {
                XCTAssertEqual(try form("dropshadow", spelling), canonical, spelling)
                XCTAssertEqual(try form("trackdropshadow", spelling), canonical, spelling)
            }
        }
        // The inner shadow keeps its meaning and its key.
        XCTAssertEqual(try form("shadow", "3"), "3")
    }

    func testBadShadowsAreRefusedNamingTheParameter() {
        for value in ["", "0", "-1", "15.01", "4,0", "4,31,0", "4 .5", "4,0 1,0", "4,0,-30.01", "4,0,0,notacolour", "4,0,0,linear-gradient(red,blue)",
                      "nan", "inf", "1e9", "4,,0", "4,0,0,", String(repeating: "4,", count: 60), "4\u{0}"] {
            XCTAssertEqual(refusal("circular", .svg, [("dropshadow", value)])?.parameter, "dropshadow", value)
        }
        XCTAssertEqual(refusal("dots", .svg, [("dropshadow", "4")])?.parameter, "dropshadow", "circular's only")
    }

    func testBandsFollowABlurredStroke() {
        let shadow = DropShadow(radius: 4)
        let bands = shadow.bands(strokeWidth: 10)
        XCTAssertGreaterThanOrEqual(bands.count, 5)
        XCTAssertEqual(bands.map(\.width), bands.map(\.width).sorted(by: >), "widest first")
        XCTAssertEqual(bands[0].width, 10 + 6 * 4 * InnerShadow.sigmaPerRadius, accuracy: 1e-9, "out to 3σ past each edge")
        // Over one another, the bands reach the shadow's opacity at the stroke and fade outwards.
        var covered = 0.0
        for band in bands { covered = covered + band.color.alpha * (1 - covered) }
        // At the centre line a stroke 10 wide blurred by σ = 3.6 keeps erf(5 / 3.6 / √2) of its 33 %.
        XCTAssertEqual(covered, 0.33 * erf(5 / (4 * InnerShadow.sigmaPerRadius) / 2.0.squareRoot()), accuracy: 0.01)
        XCTAssertLessThan(bands[0].color.alpha, 0.01, "the outermost ring almost clear")
    }
}

/// An inner shadow on a conic layer cannot be drawn alike everywhere: refused, saying why.
final class ConicShadowTests: XCTestCase {
    func testAnInnerShadowOnAConicLayerIsRefusedAndOthersAreTaken() throws {
        let conic = "conic-gradient(red,blue)"
        XCTAssertEqual(refusal("circular", .png, [("color", conic), ("shadow", "3")])?.parameter, "shadow")
        XCTAssertEqual(refusal("circular", .png, [("track", conic), ("trackshadow", "2")])?.parameter, "trackshadow")
        XCTAssertTrue(refusal("circular", .png, [("color", conic), ("shadow", "3")])?.detail.contains("conic") ?? false)
        _ = try request("circular", .png, ["color": conic, "shadow": "0"])
        _ = try request("circular", .png, ["color": conic, "trackshadow": "3", "dropshadow": "4"])
        _ = try request("circular", .png, ["color": "linear-gradient(red,blue)", "shadow": "3"])
        // A style's own shadow is left off a conic puck (bubbledForeground's 3 pt).
        _ = try request("circular", .png, ["color": conic, "style": "bubbledForeground"])
    }
}
