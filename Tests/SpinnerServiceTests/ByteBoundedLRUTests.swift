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

    /// A provisional answer never replaces a final one; a final one replaces a provisional one.
    func testAValueTheCallerKeepsIsNotReplaced() {
        let cache = ByteBoundedLRU<String>(capacity: 100)
        let isFinal: (borrowing String) -> Bool = { $0.hasPrefix("final") }
        XCTAssertNil(cache.insert("provisional", cost: 30, for: "a", unlessKept: isFinal))
        XCTAssertNil(cache.insert("final", cost: 20, for: "a", unlessKept: { _ in false }))
        XCTAssertEqual(cache.insert("provisional again", cost: 30, for: "a", unlessKept: isFinal), "final", "the kept value is returned")
        XCTAssertEqual(cache.value(for: "a"), "final")
        XCTAssertEqual(cache.statistics.bytes, 20)
        XCTAssertEqual(cache.statistics.entries, 1)
        // Once the final one is evicted, a provisional one may be stored again.
        cache.insert("b", cost: 90, for: "b")
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertNil(cache.insert("provisional", cost: 10, for: "a", unlessKept: isFinal))
        XCTAssertEqual(cache.value(for: "a"), "provisional")
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

    private func aliased(_ cache: ByteBoundedLRU<Int>, _ alias: String) -> Int? {
        var bytes = Array(alias.utf8)
        return bytes.withUnsafeMutableBytes { cache.withValue(forAlias: UnsafeRawBufferPointer($0)) { $0 } }
    }

    /// Spellings of a key (request targets) find its entry by their bytes, cost their
    /// bytes, and leave with it; no alias stands for a key, and an entry keeps at most
    /// `aliasLimit` of them (the oldest goes).
    func testAliasesFindTheirEntryCostBytesAndLeaveWithIt() {
        let cache = ByteBoundedLRU<Int>(capacity: 1000)
        cache.insert(1, cost: 100, for: "k1")
        cache.addAlias("/a?x=1", overhead: 10, for: "k1")
        cache.addAlias("/a?x=01", overhead: 10, for: "k1")
        cache.addAlias("/b", overhead: 10, for: "missing")  // no entry: nothing to alias
        XCTAssertEqual(aliased(cache, "/a?x=1"), 1)
        XCTAssertEqual(aliased(cache, "/a?x=01"), 1)
        XCTAssertNil(aliased(cache, "/b"))
        XCTAssertNil(aliased(cache, "k1"), "a key is not an alias")
        XCTAssertNil(cache.value(for: "/a?x=1"), "an alias is not a key")
        XCTAssertEqual(cache.statistics.bytes, 100 + 16 + 17)
        XCTAssertEqual(cache.aliasCount, 2)

        // Replacing the entry drops its aliases (they are learnt again from requests).
        cache.insert(2, cost: 100, for: "k1")
        XCTAssertNil(aliased(cache, "/a?x=1"))
        XCTAssertEqual(cache.statistics.bytes, 100)

        // At most aliasLimit per entry, the oldest forgotten, the bytes kept in step.
        let limit = ByteBoundedLRU<Int>.aliasLimit
        for n in 0 ..< limit + 5 { cache.addAlias("/s\(n)", overhead: 0, for: "k1") }
        XCTAssertEqual(cache.aliasCount, limit)
        XCTAssertNil(aliased(cache, "/s0"))
        XCTAssertEqual(aliased(cache, "/s\(limit + 4)"), 2)
        XCTAssertEqual(cache.statistics.bytes, 100 + (5 ..< limit + 5).reduce(0) { $0 + "/s\($1)".utf8.count })

        // Evicting the entry takes its aliases; a hit by alias makes it the newest.
        cache.insert(3, cost: 400, for: "k2")
        cache.addAlias("/k2", overhead: 0, for: "k2")
        XCTAssertEqual(aliased(cache, "/s\(limit)"), 2)       // k1 is now newer than k2
        cache.insert(4, cost: 500, for: "k3")                 // k2 (the oldest) goes
        XCTAssertNil(aliased(cache, "/k2"))
        XCTAssertEqual(aliased(cache, "/s\(limit)"), 2)
        cache.insert(5, cost: 900, for: "k4")                 // k1 and k3 go
        XCTAssertEqual(cache.aliasCount, 0)
        XCTAssertEqual(cache.statistics.bytes, 900)
    }

    /// Aliases count against the bound: a flood of spellings of one URL cannot grow the
    /// cache past its capacity.
    func testAliasesStayWithinTheCapacity() {
        let cache = ByteBoundedLRU<Int>(capacity: 300)
        cache.insert(1, cost: 100, for: "k")
        for n in 0 ..< 1000 { cache.addAlias("/spinner/arc.svg?size=\(n)", overhead: 64, for: "k") }
        XCTAssertLessThanOrEqual(cache.statistics.bytes, 300)
        XCTAssertLessThanOrEqual(cache.aliasCount, ByteBoundedLRU<Int>.aliasLimit)
    }
}
