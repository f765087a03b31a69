@testable import SpinnerModel
import XCTest

/// CSS Color 4's `rgb()`/`hsl()` forms, as people write them in stylesheets, are colours
/// with the same canonical form as their hex; malformed or out-of-range ones are refused
/// naming `color`.
final class CSSColorTests: XCTestCase {
    private func form(_ value: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try request("circular", .png, ["color": value], file: file, line: line).canonicalForm
    }

    func testEverySpellingOfRedIsOneForm() throws {
        let spellings = ["rgb(255 0 0)", "rgb(255,0,0)", "rgb(255, 0, 0)", "rgba(255,0,0,1)", "rgba(255 0 0 / 100%)",
                         "rgb(100% 0% 0%)", "rgb(100%,0%,0%)", "hsl(0 100% 50%)", "hsl(0,100%,50%)", "hsla(360deg 100% 50% / 1)",
                         "hsl(1turn 100% 50%)", "RGB(255 0 0)", "red", "ff0000", "#f00"]
        let forms = try spellings.map { try form($0) }
        XCTAssertEqual(Set(forms).count, 1, "\(zip(spellings, forms).map { "\($0.0) → \($0.1)" })")
        XCTAssertTrue(forms[0].contains("color=ff0000&"), forms[0])
    }

    func testAlphaHueAndPercentagesConvert() throws {
        XCTAssertTrue(try form("rgb(255 0 0 / 50%)").contains("color=ff000080"))
        XCTAssertTrue(try form("rgba(255,0,0,0.5)").contains("color=ff000080"))
        XCTAssertTrue(try form("hsl(120deg 100% 25%)").contains("color=008000"))
        XCTAssertTrue(try form("hsl(240 100% 50%)").contains("color=0000ff"))
        XCTAssertTrue(try form("hsl(0 0% 50%)").contains("color=808080"))
        XCTAssertTrue(try form("rgb(50% 50% 50%)").contains("color=808080"), "127.5 rounds to 128")
        XCTAssertTrue(try form("rgb(none 0 0)").contains("color=000000"))
        XCTAssertTrue(try form("rgb(0 0 255 / 0)").contains("color=0000ff00"))
    }

    func testMalformedAndOutOfRangeAreRefusedNamingColor() {
        let bad = ["rgb(256,0,0)", "hsl(0,100%)", "rgb(1,2,3,4,5)", "rgb(1, 2%, 3)", "rgb(255 0 0 / 2)", "rgb(-1 0 0)",
                   "rgb(255,0,0", "rgb 255 0 0", "rgb(255 0 0 0)", "rgb(255 0 0 / 1 / 1)", "rgb(,0,0)", "rgb(inf 0 0)",
                   "rgb(nan 0 0)", "rgb(0x10 0 0)", "hsl(0 101% 50%)", "hsl(0deg, 50, 50%)", "rgb(none,0,0)", "cmyk(0 0 0 0)",
                   "rgb()", "rgb(1e400 0 0)", String(repeating: "rgb(", count: 2_500)]
        for value in bad {
            let error = refusal("circular", .png, [("color", value)])
            XCTAssertEqual(error?.parameter, "color", value.prefix(40) + " was not refused for color")
        }
    }

    func testAnEmptyColourExplainsTheUnescapedHash() {
        let error = refusal("circular", .png, [("color", "")])
        XCTAssertEqual(error?.parameter, "color")
        XCTAssertTrue(error?.detail.contains("%23ff0000") ?? false, error?.detail ?? "")
        XCTAssertTrue(error?.detail.contains("fragment") ?? false, error?.detail ?? "")
    }
}
