@testable import SpinnerModel
import XCTest

final class RequestErrorTests: XCTestCase {
    func testUnknownKindListsTheKinds() throws {
        let error = try XCTUnwrap(refusal("square", nil, []))
        XCTAssertEqual(error, .unknownKind("square"))
        XCTAssertTrue(error.detail.contains("circular, activity, dots, arc, capsules"), error.detail)
    }

    /// capsules' `peak`, attacked: outside 0.05…1, not a number, on another kind, given twice.
    func testCapsulesPeakIsRefusedOutsideItsRangeAndOnOtherKinds() throws {
        for value in ["0", "0.04", "1.01", "2", "-0.5", "1e3"] {
            let error = try XCTUnwrap(refusal("capsules", .gif, [("peak", value)]), value)
            XCTAssertEqual(error.parameter, "peak", value)
        }
        XCTAssertEqual(refusal("capsules", .gif, [("peak", "bright")])?.parameter, "peak")
        XCTAssertEqual(refusal("circular", .svg, [("peak", "1")]), .unknownParameter("peak", kind: .circular, format: .svg))
        XCTAssertEqual(refusal("capsules", .svg, [("peak", "1"), ("peak", "0.5")]), .repeatedParameter("peak"))
        for value in ["0.05", "0.2", "1", "1.0"] { XCTAssertNil(refusal("capsules", .gif, [("peak", value)]), value) }
        // The original's 0.2 is the default: the same canonical form whether it is given or not.
        let given = try SpinnerRequest.parse(kind: "capsules", format: .gif, query: [(name: "peak", value: "0.20")])
        let absent = try SpinnerRequest.parse(kind: "capsules", format: .gif, query: [])
        XCTAssertEqual(given.canonicalForm, absent.canonicalForm)
    }

    func testOutOfRangeNamesParameterValueAndRange() throws {
        let error = try XCTUnwrap(refusal("circular", .gif, [("stroke", "99")]))
        XCTAssertEqual(error.parameter, "stroke")
        XCTAssertEqual(error.value, "99")
        XCTAssertEqual(error.accepted, "1 to 30")
        XCTAssertTrue(error.detail.contains("'99'") && error.detail.contains("1 to 30"), error.detail)
    }

    /// A typo's refusal lists what that format takes, and suggests only that (issue 64: a
    /// typo on an .svg listed t, fps, matte, quality and scale, each then refused for SVG).
    func testAnUnknownParametersRefusalListsWhatThatFormatTakes() throws {
        let svg = try XCTUnwrap(refusal("circular", .svg, [("colr", "red")]))
        XCTAssertEqual(svg, .unknownParameter("colr", kind: .circular, format: .svg))
        XCTAssertTrue(svg.detail.contains("did you mean 'color'?"), svg.detail)
        for rasterOnly in ["t", "fps", "matte", "quality", "scale"] {
            XCTAssertFalse(svg.accepted.split(separator: ":").last?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .contains(rasterOnly) ?? true, "\(rasterOnly) in \(svg.accepted)")
        }
        XCTAssertTrue(svg.accepted.hasPrefix("for circular as SVG: ") && svg.accepted.contains("title") && svg.accepted.hasSuffix(", format"),
                      svg.accepted)
        // Every name listed is one the format takes: asked with its default, none is refused.
        for format in OutputFormat.allCases {
            let listed = SpinnerKind.circular.parameterKeys(for: format)
            XCTAssertFalse(listed.isEmpty, format.rawValue)
            for name in listed {
                guard let definition = SpinnerKind.circular.definition(of: try XCTUnwrap(ParameterName(rawValue: name))) else { continue }
                XCTAssertTrue(definition.formats.contains(format), "\(name) listed for \(format.rawValue)")
            }
        }
        // A typo near a name only other formats take is not pointed at it.
        XCTAssertNil(try XCTUnwrap(refusal("circular", .svg, [("fsp", "30")])).suggestion)
        let gif = try XCTUnwrap(refusal("circular", .gif, [("fsp", "30")]))
        XCTAssertTrue(gif.detail.contains("did you mean 'fps'?") && gif.accepted.contains("matte"), gif.detail)
    }

    /// A refused drop shadow names the part at fault after the grammar (issue 64: a radius
    /// of 20 was answered with the grammar alone), attacked part by part.
    func testARefusedDropShadowSaysWhichPartIsWrong() throws {
        for (value, says) in [("20", "the radius 20 is outside 0.01 to 15"), ("0", "the radius 0 is outside 0.01 to 15"),
                              ("abc", "the radius 'abc' is no number"), ("4,0", "it has 2 parts"),
                              ("4,31,0", "the x offset 31 is outside -30 to 30"), ("4,0,-31", "the y offset -31 is outside -30 to 30"),
                              ("4,0,2,linear-gradient(red,blue)", "a shadow's colour is one colour, not a gradient"),
                              ("4,0,2,notacolour", "the colour 'notacolour' is no colour"),
                              (String(repeating: "4", count: 97), "longer than 96 bytes")] {
            let error = try XCTUnwrap(refusal("circular", .gif, [("dropshadow", value)]), value)
            XCTAssertEqual(error.parameter, "dropshadow", value)
            XCTAssertTrue(error.detail.contains("radius[,x,y[,color]]") && error.detail.contains(says), "\(value): \(error.detail)")
        }
        XCTAssertNil(DropShadowValue.problem(in: "6,0,3,systemBlue"))
        XCTAssertNil(refusal("circular", .gif, [("dropshadow", "15,-30,30,ff000080")]))
    }

    /// A conic `background` is refused in every format, and the refusal says so, not only
    /// why SVG and Lottie cannot draw it (issue 64: a GIF was told about SVG and Lottie).
    func testAConicBackgroundIsRefusedInEveryFormatSayingWhy() throws {
        for format in OutputFormat.allCases {
            let error = try XCTUnwrap(refusal("circular", format, [("background", "conic-gradient(red,blue)")]), format.rawValue)
            XCTAssertEqual(error.parameter, "background")
            XCTAssertTrue(error.detail.contains("background takes no conic gradient in any format"), error.detail)
        }
    }

    func testValuesArePlacedInTheirRangeAsWrittenNotAsRounded() throws {
        // 20.000000000000004 rounds to 20.00, yet it is past the maximum of 20.
        XCTAssertEqual(refusal("dots", .gif, [("stroke", "20.000000000000004")])?.parameter, "stroke")
        XCTAssertEqual(refusal("dots", .gif, [("stroke", "1.9999999")])?.parameter, "stroke", "just under the minimum of 2")
        for value in ["20", "20.00", "19.9999999", "2", "2.0000001"] {
            XCTAssertNil(refusal("dots", .gif, [("stroke", value)]), value)
        }
        XCTAssertEqual(refusal("dots", .gif, [("size", "80.0000001")])?.parameter, "size", "not a whole number")
        XCTAssertNil(refusal("dots", .gif, [("size", "80.000000")]))
        XCTAssertEqual(refusal("circular", .gif, [("duration", "15000.5ms")])?.parameter, "duration", "past 15 s")
        XCTAssertNil(refusal("circular", .gif, [("duration", "14999.5ms")]))
    }

    func testTheTitleLimitCountsBytesNotCharacters() throws {
        let combining = "a" + String(repeating: "\u{301}", count: 1300)  // one character, 2 601 bytes
        XCTAssertEqual(refusal("dots", .svg, [("title", combining)])?.parameter, "title")
        XCTAssertNil(refusal("dots", .svg, [("title", String(repeating: "é", count: 60))]), "120 bytes")
        XCTAssertEqual(refusal("dots", .svg, [("title", String(repeating: "é", count: 61))])?.parameter, "title", "122 bytes")
    }

    func testUnparsableValuesSayWhatIsExpected() throws {
        for (name, value) in [("size", "big"), ("size", "12.5"), ("duration", "nan"), ("duration", "1e3"), ("color", "#12345"),
                              ("color", "notacolour"), ("style", "plaid"), ("fps", ""), ("scale", "-")] {
            let error = try XCTUnwrap(refusal("circular", .gif, [(name, value)]), "\(name)=\(value)")
            guard case .invalidValue(let parameter, let given, _, _) = error else {
                return XCTFail("\(name)=\(value) gave \(error)")
            }
            XCTAssertEqual(parameter.rawValue, name)
            XCTAssertEqual(given, value)
        }
    }

    func testUnknownRepeatedAndInapplicableParametersAreRefused() throws {
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("wobble", "1")])), .unknownParameter("wobble", kind: .dots, format: .gif))
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("style", "accent")])), .unknownParameter("style", kind: .dots, format: .gif))
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("size", "40"), ("size", "50")])), .repeatedParameter("size"))
        let matte = try XCTUnwrap(refusal("dots", .png, [("matte", "white")]))
        XCTAssertEqual(matte, .notApplicable(.matte, format: .png, formats: [.gif]))
        XCTAssertTrue(matte.detail.contains("gif"), matte.detail)
    }

    /// `v`, a version of one's own for cache busting, attacked: too long, empty, control
    /// characters, characters a URL must escape, repeated; accepted, it is in the canonical
    /// form (and so the cache key, ETag and signature) for every format, and changes nothing else.
    func testTheCacheBustingVersionIsAShortURLSafeToken() throws {
        for value in [String(repeating: "a", count: 33), "", "a\u{0}b", "a\nb", "a\u{7f}", "2 3", "a/b", "a&b", "a=b", "%41",
                      "v\u{e9}", "\u{202e}2", "a#b", "a?b", "a+b"] {
            let error = try XCTUnwrap(refusal("circular", .gif, [("v", value)]), value.debugDescription)
            XCTAssertEqual(error.parameter, "v", value.debugDescription)
            XCTAssertTrue(error.detail.contains("letters, digits"), error.detail)
        }
        XCTAssertEqual(refusal("circular", .gif, [("v", "1"), ("v", "2")]), .repeatedParameter("v"))
        let plain = try SpinnerRequest.parse(kind: "circular", format: .gif, query: [])
        for value in ["2", String(repeating: "z", count: 32), "2026-12-05", "a.b_c~d-E"] {
            for format in OutputFormat.allCases {
                let versioned = try SpinnerRequest.parse(kind: "circular", format: format, query: [(name: "v", value: value)])
                XCTAssertTrue(versioned.canonicalForm.hasSuffix("&v=\(value)") || versioned.canonicalForm.contains("v=\(value)&"),
                              versioned.canonicalForm)
                let without = try SpinnerRequest.parse(kind: "circular", format: format, query: [])
                var shared = versioned.shared
                XCTAssertEqual(shared.version, value)
                shared.version = ""
                XCTAssertEqual(shared, without.shared, "v changes nothing but the key")
            }
        }
        XCTAssertFalse(plain.canonicalForm.contains("v="), "no v, no key change: \(plain.canonicalForm)")
    }

    /// Link-tracking parameters (`utm_*`, any case, repeated, any value) are ignored: the URL
    /// is the one without them. A key that only starts like one is still refused.
    func testTrackingParametersAreIgnored() throws {
        let plain = try SpinnerRequest.parse(kind: "dots", format: .webp, query: [(name: "size", value: "40")])
        let tracked = try SpinnerRequest.parse(kind: "dots", format: .webp, query: [
            (name: "utm_source", value: "newsletter"), (name: "size", value: "40"), (name: "UTM_Medium", value: "e\u{0}mail"),
            (name: "utm_source", value: "again"), (name: "utm_campaign", value: String(repeating: "x", count: 2000)),
        ])
        XCTAssertEqual(tracked.canonicalForm, plain.canonicalForm)
        XCTAssertEqual(refusal("dots", .webp, [("utm", "x")]), .unknownParameter("utm", kind: .dots, format: .webp))
        XCTAssertEqual(refusal("dots", .webp, [("utm_", "x")]), .unknownParameter("utm_", kind: .dots, format: .webp))
        XCTAssertEqual(refusal("dots", .webp, [("utmsource", "x")]), .unknownParameter("utmsource", kind: .dots, format: .webp))
    }

    func testFormatMustNotConflictWithThePath() throws {
        XCTAssertEqual(try XCTUnwrap(refusal("arc", .gif, [("format", "png")])), .conflictingFormat(path: .gif, query: "png"))
        XCTAssertEqual(try XCTUnwrap(refusal("arc", nil, [("format", "bmp")])), .unknownFormat("bmp"))
        XCTAssertEqual(try request("arc", .gif, ["format": "GIF"]).format, .gif)
        XCTAssertEqual(try request("arc").format, .svg)
    }

    /// `direction`: forward (the default, out of the canonical form, so no existing key
    /// changes) or reverse (in it); anything else, or given twice, is refused naming it.
    func testDirectionIsForwardOrReverse() throws {
        XCTAssertEqual(try request("dots", .gif, ["direction": "forward"]).canonicalForm, try request("dots", .gif).canonicalForm)
        XCTAssertTrue(try request("dots", .gif, ["direction": "reverse"]).canonicalForm.contains("direction=reverse"))
        XCTAssertEqual(try request("arc", .lottie, ["direction": "reverse"]).shared.direction, .reverse)
        for hostile in ["sideways", "", "backward", "reverse ", "rev", "1", "reverse\u{0}", "ｒｅｖｅｒｓｅ", String(repeating: "r", count: 5000)] {
            XCTAssertEqual(refusal("capsules", .svg, [("direction", hostile)])?.parameter, "direction", hostile)
        }
        XCTAssertEqual(refusal("capsules", .svg, [("direction", "reverse"), ("direction", "reverse")]), .repeatedParameter("direction"))
    }

    /// A Lottie document is `.json` and a dotLottie file `.lottie`: `format=json` is pointed
    /// at the format's name, and a path's `.dotlottie` at the extension, not at itself.
    func testLottiesNameAndExtensionPointAtEachOther() {
        XCTAssertEqual(RequestError.unknownFormat("json").suggestion, "lottie")
        XCTAssertEqual(RequestError.unknownFormat("dotlottie").suggestion, "lottie")
        XCTAssertEqual(RequestError.unknownFormat("DOTLOTTIE").suggestion, "lottie")
        XCTAssertFalse(RequestError.unknownFormat("dotlottie").detail.contains("'dotlottie'?"))
        XCTAssertEqual(RequestError.unknownFormat("gfi").suggestion, "gif")
    }

    func testLongValuesAreShortenedInMessages() throws {
        let error = try XCTUnwrap(refusal("circular", .gif, [("style", String(repeating: "x", count: 500))]))
        XCTAssertLessThanOrEqual(error.value?.count ?? 0, 65)
    }

    func testASlipGetsADidYouMeanAndKindsIgnoreCase() throws {
        // Names: parameters (the British spelling the docs' prose uses), kinds, formats.
        let colour = try XCTUnwrap(refusal("circular", .gif, [("colour", "red")]))
        XCTAssertEqual(colour.suggestion, "color")
        XCTAssertTrue(colour.detail.contains("did you mean 'color'?"), colour.detail)
        XCTAssertEqual(try XCTUnwrap(refusal("circlar", nil, [])).suggestion, "circular")
        XCTAssertEqual(try XCTUnwrap(refusal("arc", nil, [("format", "gfi")])).suggestion, "gif", "a swap is one slip")
        // Values from a list: styles, colour names (system ones too).
        XCTAssertEqual(try XCTUnwrap(refusal("circular", .gif, [("style", "acent")])).suggestion, "accent")
        XCTAssertEqual(try XCTUnwrap(refusal("circular", .gif, [("color", "redd")])).suggestion, "red")
        XCTAssertEqual(try XCTUnwrap(refusal("circular", .gif, [("color", "systemBlu")])).suggestion, "systemBlue")
        // Nothing near: no guess, and no guess that is a different word.
        for (name, value) in [("wobble", "1"), ("t", "1"), ("zz", "1")] {
            let error = try XCTUnwrap(refusal("circular", .gif, [(name, value)]), name)
            XCTAssertNil(error.suggestion, "\(name): \(error.detail)")
            XCTAssertFalse(error.detail.contains("did you mean"), error.detail)
        }
        XCTAssertNil(try XCTUnwrap(refusal("circular", .gif, [("color", "#12345")])).suggestion)
        // Kind names are matched without regard to case, as styles and extensions are.
        for name in ["Circular", "CIRCULAR", "circular"] {
            XCTAssertEqual(try request(name, .gif).kind, .circular, name)
        }
        XCTAssertEqual(try request("Circular", .gif, ["style": "ACCENT"]).canonicalForm,
                       try request("circular", .gif, ["style": "accent"]).canonicalForm)
        // Two slips in a short word are another word: `style` is not `scale` (arc has no style).
        XCTAssertNil(try XCTUnwrap(refusal("arc", .gif, [("style", "accent")])).suggestion)
    }

    func testAColourErrorSaysWhatIsAcceptedBriefly() throws {
        let error = try XCTUnwrap(refusal("circular", .gif, [("color", "notacolour")]))
        // One line: a few colour spellings and one gradient (the grammar is in the catalog).
        XCTAssertLessThanOrEqual(error.accepted.count, 110, error.accepted)
        XCTAssertTrue(error.accepted.contains("systemBlue") && error.accepted.contains("rgb("), error.accepted)
        XCTAssertEqual(error.detail.components(separatedBy: "systemBlue").count, 2, "said once: \(error.detail)")
    }
}
