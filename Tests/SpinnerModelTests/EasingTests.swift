@testable import SpinnerModel
import XCTest

final class EasingTests: XCTestCase {
    func testEveryEasingStartsAtZeroAndEndsAtOne() {
        for easing in [Easing.linear, .easeInOut, .springOverSegment, .cubicBezier(CubicBezier(0.1, 0.7, 0.3, 1))] {
            XCTAssertEqual(easing.progress(0), 0, accuracy: 1e-9, "\(easing)")
            XCTAssertEqual(easing.progress(1), 1, accuracy: 1e-9, "\(easing)")
        }
    }

    func testHoldKeepsTheStartValueUntilTheSegmentEnds() {
        XCTAssertEqual(Easing.hold.progress(0), 0)
        XCTAssertEqual(Easing.hold.progress(0.999), 0)
        XCTAssertEqual(Easing.hold.progress(1), 1)
    }

    func testEaseInOutIsSymmetricAndMatchesCSS() {
        XCTAssertEqual(Easing.easeInOut.progress(0.5), 0.5, accuracy: 1e-6)
        // CSS ease-in-out at 25 % of the time has done 12.9 % of the change.
        XCTAssertEqual(Easing.easeInOut.progress(0.25), 0.1291, accuracy: 1e-3)
        XCTAssertEqual(Easing.easeInOut.progress(0.25) + Easing.easeInOut.progress(0.75), 1, accuracy: 1e-6)
    }

    func testCriticallyDampedSpringRisesMonotonicallyAndFastEarly() {
        var previous = 0.0
        for step in 1...100 {
            let value = Easing.springOverSegment.progress(Double(step) / 100)
            XCTAssertGreaterThanOrEqual(value, previous)
            previous = value
        }
        // s(x) = 1 − (1 + x)e^−x normalised by s(2π): at p = 0.5, s(π)/s(2π) ≈ 0.8327.
        XCTAssertEqual(Easing.springOverSegment.progress(0.5), 0.8327, accuracy: 1e-3)
        // Released from rest: the first 1 % of time moves very little.
        XCTAssertLessThan(Easing.springOverSegment.progress(0.01), 0.003)
    }
}
