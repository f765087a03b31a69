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
}
