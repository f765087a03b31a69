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

    func testLimitsAndLevelsAreWhatTheCostModelReads() {
        let cold = APNGDeflateTiers.cold
        XCTAssertEqual(cold.limits, [300_000, 700_000])
        XCTAssertEqual([0, 300_000, 300_001, 700_000, 700_001].map { cold.libdeflateLevel(forRows: $0) }, [12, 12, 10, 10, 9])
        let ahead = APNGDeflateTiers.ahead(strongestBytes: 1_000_000)
        XCTAssertEqual(ahead.limits, [1_000_000])
        XCTAssertEqual(ahead.libdeflateLevel(forRows: 1_000_000), 12)
        XCTAssertNil(ahead.libdeflateLevel(forRows: 1_000_001), "zlib's level 9 beyond the allowance")
    }
}
