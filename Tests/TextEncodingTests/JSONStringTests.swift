import Foundation
import TextEncoding
import XCTest

/// The one string escaper: every control character, DEL, quotes and backslashes come back
/// as they were through a JSON parser, and nothing a YAML reader cannot print is left bare.
final class JSONStringTests: XCTestCase {
    func testEveryAwkwardCharacterRoundTripsThroughAJSONParser() throws {
        let awkward = String(String.UnicodeScalarView((0 ... 0x7F).compactMap(Unicode.Scalar.init))) + "é☃\u{1F600}\u{2028}"
        let literal = JSONString.quoted(awkward)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        XCTAssertEqual(parsed, [awkward])
        // Nothing below a space, nor DEL, is written as it is.
        XCTAssertFalse(literal.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        XCTAssertEqual(JSONString.quoted("a\"b\\c\nd\u{7F}"), "\"a\\\"b\\\\c\\nd\\u007f\"")
    }
}
