@testable import SpinnerModel
import XCTest

final class RequestErrorTests: XCTestCase {
    func testUnknownKindIs404AndListsTheKinds() throws {
        let error = try XCTUnwrap(refusal("square", nil, []))
        XCTAssertEqual(error, .unknownKind("square"))
        XCTAssertEqual(error.status, 404)
        XCTAssertTrue(error.detail.contains("circular, activity, dots, arc, capsules"), error.detail)
    }

    func testOutOfRangeNamesParameterValueAndRange() throws {
        let error = try XCTUnwrap(refusal("circular", .gif, [("stroke", "99")]))
        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(error.parameter, "stroke")
        XCTAssertEqual(error.value, "99")
        XCTAssertEqual(error.accepted, "1 to 30")
        XCTAssertTrue(error.detail.contains("'99'") && error.detail.contains("1 to 30"), error.detail)
    }

    func testUnparsableValuesSayWhatIsExpected() throws {
        for (name, value) in [("size", "big"), ("size", "12.5"), ("duration", "nan"), ("duration", "1e3"), ("color", "#12345"),
                              ("color", "notacolour"), ("style", "plaid"), ("fps", ""), ("scale", "-")] {
            let error = try XCTUnwrap(refusal("circular", .gif, [(name, value)]), "\(name)=\(value)")
            guard case .invalidValue(let parameter, let given, _) = error else {
                return XCTFail("\(name)=\(value) gave \(error)")
            }
            XCTAssertEqual(parameter.rawValue, name)
            XCTAssertEqual(given, value)
        }
    }

    func testUnknownRepeatedAndInapplicableParametersAreRefused() throws {
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("wobble", "1")])), .unknownParameter("wobble", kind: .dots))
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("style", "accent")])), .unknownParameter("style", kind: .dots))
        XCTAssertEqual(try XCTUnwrap(refusal("dots", .gif, [("size", "40"), ("size", "50")])), .repeatedParameter("size"))
        let matte = try XCTUnwrap(refusal("dots", .png, [("matte", "white")]))
        XCTAssertEqual(matte, .notApplicable(.matte, format: .png, formats: [.gif]))
        XCTAssertTrue(matte.detail.contains("gif"), matte.detail)
    }

    func testFormatMustNotConflictWithThePath() throws {
        XCTAssertEqual(try XCTUnwrap(refusal("arc", .gif, [("format", "png")])), .conflictingFormat(path: .gif, query: "png"))
        XCTAssertEqual(try XCTUnwrap(refusal("arc", nil, [("format", "bmp")])), .unknownFormat("bmp"))
        XCTAssertEqual(try request("arc", .gif, ["format": "GIF"]).format, .gif)
        XCTAssertEqual(try request("arc").format, .svg)
    }

    func testLongValuesAreShortenedInMessages() throws {
        let error = try XCTUnwrap(refusal("circular", .gif, [("style", String(repeating: "x", count: 500))]))
        XCTAssertLessThanOrEqual(error.value?.count ?? 0, 65)
    }
}
