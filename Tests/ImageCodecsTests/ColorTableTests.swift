@testable import ImageCodecs
import XCTest

/// The GIF palette's hash table (`ColorTable`) holds what a Dictionary holds, through
/// growth, for keys that share their low bits or their high bits, and for key 0 (black).
final class ColorTableTests: XCTestCase {
    func testItHoldsWhatADictionaryHolds() {
        var generator = SystemRandomNumberGenerator()
        let keySets: [[UInt32]] = [
            [0, 1, 0xFF_FFFF, 0xFFFF_FFFF],
            (0 ..< 5000).map { UInt32($0) << 16 },  // the same low bits
            (0 ..< 5000).map { UInt32($0) },  // the same high bits
            (0 ..< 5000).map { _ in UInt32.random(in: 0 ... 0xFF_FFFF, using: &generator) },
        ]
        for keys in keySets {
            var table = ColorTable(capacity: 1)
            var expected: [UInt32: Int] = [:]
            for (index, key) in keys.enumerated() {
                table.add(index + 1, to: key)
                expected[key, default: 0] += index + 1
                if index % 7 == 0 {
                    table.set(-index, for: key)
                    expected[key] = -index
                }
            }
            XCTAssertEqual(table.count, expected.count)
            for (key, value) in expected { XCTAssertEqual(table[key], value, "key \(key)") }
            if expected[0xDEAD_BEEF] == nil { XCTAssertNil(table[0xDEAD_BEEF], "a key never added") }
            let entries = table.entries
            XCTAssertEqual(entries.count, expected.count)
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }), expected)
        }
        XCTAssertNil(ColorTable()[0], "an empty table holds no black")
    }
}
