import Foundation
import IntegrationSupport
import XCTest

/// The one reader of the job scripts' results: members by path, and a member missing or of
/// another type fails with its whole path (a renamed key in a script fails the test).
final class JobResultTests: XCTestCase {
    private let printed = Data("""
        [{"kinds": [{"name": "circular", "naturalWidth": 60, "changed": true}],
          "shown": {"react-native": true, "web": false}, "ratio": 3.5, "count": 2,
          "playing": null, "value": "kept", "boxes": [[0, 1.5, 2, 3]]}]
        """.utf8)

    func testMembersAreReadByTheirPath() throws {
        let results = try JobResult.results(of: printed, label: "browser")
        XCTAssertEqual(results.count, 1)
        let report = results[0]
        XCTAssertEqual(try report.kinds[0].name.asString, "circular")
        XCTAssertEqual(try report.kinds[0].naturalWidth.asInt, 60)
        XCTAssertTrue(try report.kinds[0].changed.asBool)
        XCTAssertEqual(try report.shown.asBoolMembers, ["react-native": true, "web": false])
        XCTAssertTrue(try report.shown["react-native"].asBool)
        XCTAssertEqual(try report.ratio.asDouble, 3.5)
        XCTAssertEqual(try report.count.asInt, 2)
        XCTAssertEqual(try report.boxes[0].asDoubles, [0, 1.5, 2, 3])
        // A key named like the reader's own members is read by name through the subscript.
        XCTAssertEqual(try report["value"].asString, "kept")
        XCTAssertEqual(report.kinds[0].name.jsonPath, "browser[0].kinds[0].name")
    }

    func testNullAndAbsentReadAsNilOnlyWhereTheTestSaysOptional() throws {
        let report = try JobResult.results(of: printed, label: "browser")[0]
        XCTAssertNil(try report.playing.asOptionalString)
        XCTAssertNil(try report.notPrinted.asOptionalString)
        XCTAssertTrue(try report.playing.isNull)
        XCTAssertThrowsError(try report.playing.asString)
        XCTAssertThrowsError(try report.notPrinted.isNull)
    }

    func testAMismatchNamesItsPathAndWhatWasThere() throws {
        let report = try JobResult.results(of: printed, label: "browser")[0]
        for (read, path, found) in [
            ({ _ = try report.kinds[0].nmae.asString }, "browser[0].kinds[0].nmae", "nothing (no such member)"),
            ({ _ = try report.ratio.asInt }, "browser[0].ratio", "a number (3.5)"),
            ({ _ = try report.kinds[0].changed.asInt }, "browser[0].kinds[0].changed", "a boolean (true)"),
            ({ _ = try report.count.asBool }, "browser[0].count", "a number (2.0)"),
            ({ _ = try report.kinds[3].name.asString }, "browser[0].kinds[3].name", "nothing (no such member)"),
            ({ _ = try report.shown.asStrings }, "browser[0].shown", "an object with react-native, web"),
        ] as [(() throws -> Void, String, String)] {
            XCTAssertThrowsError(try read()) { error in
                let mismatch = error as? JobResult.Mismatch
                XCTAssertEqual(mismatch?.path, path)
                XCTAssertTrue(mismatch?.problem.hasSuffix("found " + found) ?? false, "\(error)")
            }
        }
        XCTAssertThrowsError(try JobResult.results(of: Data("{}".utf8), label: "lottie"), "a script printing no array")
    }
}
