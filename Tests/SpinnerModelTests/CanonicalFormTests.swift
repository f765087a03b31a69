@testable import SpinnerModel
import XCTest

final class CanonicalFormTests: XCTestCase {
    func testNumberSpellingsShareOneForm() throws {
        let forms = try ["1", "1.0", "1.00", "+1", "1s", "1000ms"].map {
            try request("circular", .gif, ["duration": $0]).canonicalForm
        }
        XCTAssertEqual(Set(forms).count, 1, "\(forms)")
        XCTAssertTrue(forms[0].contains("duration=1&"), forms[0])
    }

    func testDefaultsAreFilledAndKeysSorted() throws {
        let bare = try request("circular", .gif)
        let explicit = try request("circular", .gif, ["stroke": "10", "duration": "1.75", "style": "hierarchy", "fps": "30",
                                                     "loops": "0", "size": "60", "scale": "1", "background": "transparent",
                                                     "matte": "systemBackground"])
        XCTAssertEqual(bare.canonicalForm, explicit.canonicalForm)
        XCTAssertEqual(bare.canonicalForm,
                       "circular.gif?background=00000000&duration=1.75&fps=30&loops=0&matte=systemBackground&scale=1&size=60&stroke=10&style=hierarchy&theme=light")
    }

    func testOrderOfParametersDoesNotMatter() throws {
        let first = try SpinnerRequest.parse(kind: "dots", format: .apng, query: [("size", "40"), ("count", "6")])
        let second = try SpinnerRequest.parse(kind: "dots", format: .apng, query: [("count", "6"), ("size", "40")])
        XCTAssertEqual(first.canonicalForm, second.canonicalForm)
    }

    func testColourSpellingsShareOneForm() throws {
        let forms = try ["#fff", "FFF", "#ffffff", "ffffffff", "white", "WHITE"].map {
            try request("activity", .png, ["color": $0]).canonicalForm
        }
        XCTAssertEqual(Set(forms).count, 1, "\(forms)")
        XCTAssertTrue(forms[0].contains("color=ffffff"))
        XCTAssertTrue(try request("activity", .png, ["color": "#11223380"]).canonicalForm.contains("color=11223380"))
        XCTAssertTrue(try request("activity", .png, ["color": "systemblue"]).canonicalForm.contains("color=systemBlue"))
    }

    func testStylesAreCaseInsensitiveAndSpelledCanonically() throws {
        XCTAssertTrue(try request("circular", .png, ["style": "BUBBLEDFOREGROUND"]).canonicalForm.contains("style=bubbledForeground"))
    }

    func testOnlyParametersOfTheFormatAppear() throws {
        let png = try request("arc", .png).canonicalForm
        XCTAssertTrue(png.contains("t=0"))
        XCTAssertFalse(png.contains("fps="))
        XCTAssertFalse(png.contains("loops="))
        let gif = try request("arc", .gif).canonicalForm
        XCTAssertTrue(gif.contains("fps=30"))
        XCTAssertFalse(gif.contains("t="))
    }

    func testDecimalsRoundToTheParameterPrecision() throws {
        XCTAssertTrue(try request("circular", .png, ["duration": "1.23456"]).canonicalForm.contains("duration=1.235"))
        XCTAssertTrue(try request("circular", .png, ["stroke": "12.345"]).canonicalForm.contains("stroke=12.35"))
    }
}
