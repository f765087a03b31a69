@testable import SpinnerService
import XCTest

/// The cache's bound and recency order, with values whose cost is stated.
final class ByteBoundedLRUTests: XCTestCase {
    func testEvictsTheLeastRecentlyUsedUntilTheBytesFit() {
        let cache = ByteBoundedLRU<Int>(capacity: 100)
        cache.insert(1, cost: 40, for: "a")
        cache.insert(2, cost: 40, for: "b")
        XCTAssertEqual(cache.value(for: "a"), 1)  // a is now newer than b
        cache.insert(3, cost: 40, for: "c")       // 120 > 100: b goes
        XCTAssertNil(cache.value(for: "b"))
        XCTAssertEqual(cache.value(for: "a"), 1)
        XCTAssertEqual(cache.value(for: "c"), 3)
        XCTAssertEqual(cache.statistics.entries, 2)
        XCTAssertEqual(cache.statistics.bytes, 80)
        XCTAssertEqual(cache.statistics.evictions, 1)
        cache.insert(4, cost: 90, for: "d")       // needs both a and c gone
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertNil(cache.value(for: "c"))
        XCTAssertEqual(cache.value(for: "d"), 4)
        XCTAssertEqual(cache.statistics.evictions, 3)
        XCTAssertEqual(cache.statistics.bytes, 90)
    }

    func testReplacingAKeyReplacesItsCostAndMakesItNewest() {
        let cache = ByteBoundedLRU<String>(capacity: 100)
        cache.insert("old", cost: 30, for: "a")
        cache.insert("b", cost: 30, for: "b")
        cache.insert("new", cost: 50, for: "a")
        XCTAssertEqual(cache.statistics.bytes, 80)
        XCTAssertEqual(cache.statistics.entries, 2)
        XCTAssertEqual(cache.value(for: "a"), "new")
        cache.insert("c", cost: 30, for: "c")     // 110: the oldest is b, not a
        XCTAssertNil(cache.value(for: "b"))
        XCTAssertEqual(cache.value(for: "a"), "new")
        XCTAssertEqual(cache.statistics.evictions, 1)
    }

    func testAValueLargerThanTheCapacityIsNotKeptAndEvictsNothing() {
        let cache = ByteBoundedLRU<Int>(capacity: 100)
        cache.insert(1, cost: 60, for: "a")
        cache.insert(2, cost: 101, for: "huge")
        XCTAssertNil(cache.value(for: "huge"))
        XCTAssertEqual(cache.value(for: "a"), 1)
        XCTAssertEqual(cache.statistics.evictions, 0)
    }

    /// Against a plain model of LRU order over many operations, so reused slots and
    /// relinking at either end stay consistent.
    func testAgreesWithAModelOverManyOperations() {
        let cache = ByteBoundedLRU<Int>(capacity: 1000)
        var model: [(key: String, value: Int, cost: Int)] = []  // oldest first
        var generator = SystemRandomNumberGenerator()
        var evictions = 0
        for step in 0..<5000 {
            let key = "k\(Int.random(in: 0..<40, using: &generator))"
            if Bool.random(using: &generator) {
                let expected = model.first { $0.key == key }?.value
                XCTAssertEqual(cache.value(for: key), expected, "step \(step)")
                if let at = model.firstIndex(where: { $0.key == key }) { model.append(model.remove(at: at)) }
            } else {
                let cost = Int.random(in: 1...120, using: &generator)
                model.removeAll { $0.key == key }
                model.append((key, step, cost))
                while model.reduce(0, { $0 + $1.cost }) > 1000 { model.removeFirst(); evictions += 1 }
                cache.insert(step, cost: cost, for: key)
            }
            XCTAssertEqual(cache.statistics.entries, model.count, "step \(step)")
            XCTAssertEqual(cache.statistics.bytes, model.reduce(0) { $0 + $1.cost }, "step \(step)")
        }
        XCTAssertEqual(cache.statistics.evictions, evictions)
    }
}
