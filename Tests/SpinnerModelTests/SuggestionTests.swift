import SpinnerModel
import XCTest

/// Did-you-mean: the nearest accepted name within a slip (one edit up to five letters, two
/// from six), nil otherwise; names too different in length are not weighed at all.
final class SuggestionTests: XCTestCase {
    private let names = ["circular", "activity", "dots", "arc", "capsules", "red", "green", "systemBlue", "scale", "style"]

    func testSlipsFindTheirName() {
        XCTAssertEqual(Suggestion.closest(to: "circlar", in: names), "circular")
        XCTAssertEqual(Suggestion.closest(to: "CIRCULRA", in: names), "circular")   // a swap of neighbours is one edit
        XCTAssertEqual(Suggestion.closest(to: "systmBlu", in: names), "systemBlue")
        XCTAssertEqual(Suggestion.closest(to: "redd", in: names), "red")
        XCTAssertEqual(Suggestion.closest(to: "dot", in: names), "dots")
        XCTAssertEqual(Suggestion.closest(to: "capsule", in: names), "capsules")
    }

    func testWhatIsNotASlipFindsNothing() {
        XCTAssertNil(Suggestion.closest(to: "style", in: ["scale"]))          // two edits in five letters
        XCTAssertNil(Suggestion.closest(to: "circularity", in: names))        // three letters longer
        XCTAssertNil(Suggestion.closest(to: "", in: names))
        XCTAssertNil(Suggestion.closest(to: String(repeating: "a", count: 65), in: names))
        XCTAssertNil(Suggestion.closest(to: "zz", in: names))
    }

    /// A tie goes to the first name given.
    func testATieGoesToTheFirstName() {
        XCTAssertEqual(Suggestion.closest(to: "ard", in: ["arc", "are"]), "arc")
        XCTAssertEqual(Suggestion.closest(to: "ard", in: ["are", "arc"]), "are")
    }
}
