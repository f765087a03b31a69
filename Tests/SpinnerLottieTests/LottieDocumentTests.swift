import ExactTime
import Foundation
@testable import SpinnerLottie
import SpinnerModel
import XCTest

/// The Lottie writer's own promises, checked on its text: the loop is a whole number of
/// frames, shape items name their type first, whole numbers are integers.
final class LottieDocumentTests: XCTestCase {
    func testALoopOfAnyLengthIsAWholeNumberOfFramesNearSixtyASecond() {
        for loop in [1000, 1234, 3500, 6000, 100, 29_999] {
            let timeline = LottieTimeline(loopMilliseconds: loop)
            XCTAssertEqual(Double(timeline.outPoint) / timeline.frameRate * 1000, Double(loop), accuracy: 1e-9)
            XCTAssertEqual(timeline.frameRate, 60, accuracy: 60.0 * 1000 / Double(loop) + 1e-9)
            XCTAssertEqual(timeline.frame(Rational(Int64(loop))), Double(timeline.outPoint), accuracy: 1e-9)
        }
    }

    func testNumbersAreIntegersWhenWholeAndShortOtherwise() {
        XCTAssertEqual(LottieValue.number(1).json, "1")
        XCTAssertEqual(LottieValue.number(-2).json, "-2")
        XCTAssertEqual(LottieValue.number(0.5).json, "0.5")
        XCTAssertEqual(LottieValue.number(1.0 / 3).json, "0.3333")
        XCTAssertEqual(LottieValue.number(-0.00001).json, "0")
        XCTAssertEqual(LottieValue.string("a\"b\\c\n").json, "\"a\\\"b\\\\c\\n\"")
    }
}
