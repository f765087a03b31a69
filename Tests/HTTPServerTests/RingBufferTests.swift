@testable import HTTPServer
import XCTest

final class RingBufferTests: XCTestCase {
    func testItIsFirstInFirstOutAcrossWrapAroundAndGrowth() {
        var ring = RingBuffer<Int>()
        var model: [Int] = []
        var next = 0
        // Interleave pushes and pops so the head wraps around several capacities.
        for round in 0 ..< 200 {
            for _ in 0 ..< (round % 7) { ring.append(next); model.append(next); next += 1 }
            for _ in 0 ..< (round % 5) {
                XCTAssertEqual(ring.popFirst(), model.isEmpty ? nil : model.removeFirst())
            }
            XCTAssertEqual(ring.count, model.count)
            XCTAssertEqual(ring.first, model.first)
            XCTAssertEqual(ring.last, model.last)
            for (offset, value) in model.enumerated() { XCTAssertEqual(ring[offset], value) }
        }
    }

    func testElementsChangeInPlace() {
        var ring = RingBuffer<[Int]>()
        ring.append([1])
        ring.append([2])
        ring.modifyFirst { $0.append(10) }
        ring.modifyLast { $0.append(20) }
        ring[1].append(30)
        XCTAssertEqual(ring.popFirst(), [1, 10])
        XCTAssertEqual(ring.popFirst(), [2, 20, 30])
        XCTAssertNil(ring.popFirst())
        XCTAssertNil(ring.modifyFirst { $0.append(1) })
    }

    /// Filtering in place keeps the survivors' order across a wrapped head, and later
    /// appends still come out last.
    func testKeepOnlyKeepsOrderInPlace() {
        var ring = RingBuffer<Int>()
        for value in 0 ..< 6 { ring.append(value) }
        ring.popFirst()
        ring.popFirst()
        for value in 6 ..< 9 { ring.append(value) }  // wraps around the storage of 8
        ring.keepOnly { $0 % 2 == 0 }
        ring.append(100)
        var out: [Int] = []
        while let value = ring.popFirst() { out.append(value) }
        XCTAssertEqual(out, [2, 4, 6, 8, 100])
        ring.keepOnly { _ in false }
        XCTAssertTrue(ring.isEmpty)
    }
}
