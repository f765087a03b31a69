import ExactTime
import XCTest

final class RationalTests: XCTestCase {
    func testFractionsAreReducedWithPositiveDenominator() {
        let half = Rational(-3, -6)
        XCTAssertEqual(half.numerator, 1)
        XCTAssertEqual(half.denominator, 2)
        XCTAssertEqual(Rational(3, -6), Rational(-1, 2))
    }

    func testArithmeticIsExact() {
        let twelfth = Rational(1000, 12)
        XCTAssertEqual(twelfth * Rational(12), Rational(1000))
        XCTAssertEqual(Rational(1, 3) + Rational(1, 6), Rational(1, 2))
        XCTAssertEqual(Rational(1, 2) - Rational(3, 4), Rational(-1, 4))
        XCTAssertEqual(Rational(2, 3) / Rational(4, 9), Rational(3, 2))
    }

    func testModuloWrapsNegativeTimesIntoThePeriod() {
        XCTAssertEqual(Rational(-100).modulo(Rational(2000)), Rational(1900))
        XCTAssertEqual(Rational(4500).modulo(Rational(2000)), Rational(500))
        XCTAssertEqual(Rational(2000).modulo(Rational(2000)), .zero)
        XCTAssertEqual(Rational(-7, 2).floor, -4)
    }

    func testLeastCommonMultiple() {
        XCTAssertEqual(Rational.lcm(2000, 1500), 6000)
        XCTAssertEqual(Rational.lcm(2000, 1700), 34000)
        XCTAssertEqual(Rational.gcd(0, 5), 5)
    }
}
