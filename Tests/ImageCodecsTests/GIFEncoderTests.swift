@testable import ImageCodecs
import XCTest

/// GIF timing without a decoder (the round trips through decoders are in IntegrationTests).
final class GIFEncoderTests: XCTestCase {
    func testTimingSumsToTheTotalAndNeverGoesUnderTwoCentiseconds() {
        let twelfth = FrameDuration(numerator: 1, denominator: 12)
        let schedule = GIFTiming.schedule(Array(repeating: twelfth, count: 12))
        XCTAssertEqual(schedule.map(\.delay).reduce(0, +), 100)
        XCTAssertEqual(Set(schedule.map(\.delay)), [8, 9])
        let fast = GIFTiming.schedule(Array(repeating: FrameDuration(numerator: 1, denominator: 100), count: 10))
        XCTAssertEqual(fast.map(\.delay).reduce(0, +), 10)
        XCTAssertTrue(fast.allSatisfy { $0.delay >= 2 })
        XCTAssertEqual(fast.first?.frame, 0)
    }
}
