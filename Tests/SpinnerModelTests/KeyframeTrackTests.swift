import ExactTime
@testable import SpinnerModel
import XCTest

final class KeyframeTrackTests: XCTestCase {
    private let pulse = KeyframeTrack(periodMilliseconds: 2000, keyframes: [
        .init(at: .zero, value: 1, easing: .linear),
        .init(at: Rational(1, 2), value: 0.3, easing: .linear),
        .init(at: Rational(1), value: 1),
    ])

    func testValuesAtKeyframesAndBetween() {
        let value = AnimatedValue.track(pulse)
        XCTAssertEqual(value.value(at: ms(0)), 1)
        XCTAssertEqual(value.value(at: ms(1000)), 0.3, accuracy: 1e-12)
        XCTAssertEqual(value.value(at: ms(500)), 0.65, accuracy: 1e-12)
        XCTAssertEqual(value.value(at: ms(1500)), 0.65, accuracy: 1e-12)
    }

    func testTrackRepeatsEveryPeriod() {
        let value = AnimatedValue.track(pulse)
        for time in [0, 250, 999, 1750] {
            XCTAssertEqual(value.value(at: ms(time)), value.value(at: ms(time + 2000)), accuracy: 1e-12)
            XCTAssertEqual(value.value(at: ms(time)), value.value(at: ms(time + 6000)), accuracy: 1e-12)
        }
    }

    func testOffsetShiftsTheTrack() {
        // A SwiftUI delay of 100 ms is an offset of −100 ms: at t = 100 it is where the track starts.
        let delayed = AnimatedValue.track(pulse, offset: Rational(-100))
        XCTAssertEqual(delayed.value(at: ms(100)), 1)
        XCTAssertEqual(delayed.value(at: ms(1100)), 0.3, accuracy: 1e-12)
        XCTAssertEqual(delayed.value(at: ms(0)), AnimatedValue.track(pulse).value(at: ms(1900)), accuracy: 1e-12)
    }

    func testHoldTracksStepExactlyAtTheirKeyTimes() {
        let steps = KeyframeTrack(periodMilliseconds: 1000, keyframes: [
            .init(at: .zero, value: 1, easing: .hold),
            .init(at: Rational(1, 12), value: 0.5, easing: .hold),
            .init(at: Rational(1), value: 1),
        ])
        let value = AnimatedValue.track(steps)
        XCTAssertEqual(value.value(at: Rational(1000, 12) - Rational(1, 1000)), 1)
        XCTAssertEqual(value.value(at: Rational(1000, 12)), 0.5)
        XCTAssertTrue(steps.isStepped)
    }
}
