@testable import ImageCodecs
import XCTest

/// The deflate of an APNG is the strongest tier its rows fit in.
final class APNGDeflateTiersTests: XCTestCase {
    func testColdTiersPickLevel12ThenLevel10ThenLevel9ByRows() {
        let cold = APNGDeflateTiers.cold
        XCTAssertEqual(cold.strength(forRows: 0), .strongest)
        XCTAssertEqual(cold.strength(forRows: 300_000), .strongest)
        XCTAssertEqual(cold.strength(forRows: 300_001), .strong)
        XCTAssertEqual(cold.strength(forRows: 700_000), .strong)
        XCTAssertEqual(cold.strength(forRows: 700_001), .brisk)
        XCTAssertEqual(cold.heldBytes, 700_000)
        XCTAssertTrue(cold.ranksFiltersSparsely, "a cold render ranks row filters on some frames only")
    }

    func testAheadTiersKeepLevel12UpToTheAllowanceThenZlib() {
        let ahead = APNGDeflateTiers.ahead(strongestBytes: 1_000_000)
        XCTAssertEqual(ahead.strength(forRows: 1_000_000), .strongest)
        XCTAssertEqual(ahead.strength(forRows: 1_000_001), .fast)
        XCTAssertEqual(APNGDeflateTiers.ahead().heldBytes, APNGEncoder.standardStrongestBytes)
        XCTAssertFalse(ahead.ranksFiltersSparsely, "the defaults keep every frame's ranking, and their bytes")
    }
}
