@testable import ImageCodecs
import XCTest

/// APNG timing without a decoder (the round trips through decoders are in IntegrationTests).
final class APNGEncoderTests: XCTestCase {
    func testDelaysThatDoNotFitSixteenBitsAreRoundedWithoutDrift() {
        let odd = FrameDuration(numerator: 1, denominator: 70_001)
        let delays = APNGDelays.fractions(Array(repeating: odd, count: 3) + [FrameDuration(numerator: 1, denominator: 1)])
        XCTAssertTrue(delays.allSatisfy { $0.denominator == 1000 })
        XCTAssertEqual(delays.map { Int($0.numerator) }.reduce(0, +), 1000)  // 1.0000429 s → 1000 ms
    }
}
