import Dispatch
import Foundation
@testable import SpinnerService
import UnitSupport
import XCTest

/// Background work steps aside while the renders visitors wait for run: a pause lasts
/// until none runs, ends at its bound, and ends when the work stops. Fake renders wait on
/// semaphores; every wait is for a state, with a generous limit.
final class VisitorRendersTests: XCTestCase {
    /// A pause on a thread of its own, bounded by `milliseconds`; `returned` is signalled when it ends.
    private func pause(_ visitors: VisitorRenders, atMost milliseconds: Int) -> DispatchSemaphore {
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            visitors.yield(atMost: .milliseconds(milliseconds))
            returned.signal()
        }
        return returned
    }

    func testNoPauseWhileNoVisitorsRenderRuns() {
        let visitors = VisitorRenders()
        visitors.yield(atMost: .seconds(600))  // returns at once, or the test hangs
        visitors.run {}
        visitors.yield(atMost: .seconds(600))
        XCTAssertEqual(visitors.pauses, 0)
        XCTAssertEqual(visitors.running, 0)
    }

    func testAPauseLastsUntilTheLastVisitorsRenderEnds() {
        let visitors = VisitorRenders()
        let first = holdVisitorsRender(visitors), second = holdVisitorsRender(visitors)
        XCTAssertEqual(visitors.running, 2)
        let returned = pause(visitors, atMost: 600_000)
        XCTAssertTrue(waitUntil(seconds: 30) { visitors.pausedCount == 1 }, "the background work pauses")
        first.release.signal()
        XCTAssertEqual(first.finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(visitors.running, 1)
        XCTAssertEqual(visitors.pausedCount, 1, "one render still runs: the pause goes on")
        XCTAssertEqual(returned.wait(timeout: .now()), .timedOut)
        second.release.signal()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success, "the last render's end ends the pause")
        XCTAssertEqual(second.finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(visitors.pausedCount, 0)
        XCTAssertEqual(visitors.pauses, 1)
        XCTAssertEqual(visitors.running, 0)
    }

    func testAPauseEndsAtItsBoundWhileRendersGoOn() {
        let visitors = VisitorRenders()
        let render = holdVisitorsRender(visitors)
        // A bound of 1 ms: the pause ends by itself, whatever the machine's speed.
        XCTAssertEqual(pause(visitors, atMost: 1).wait(timeout: .now() + 30), .success)
        XCTAssertEqual(visitors.pausedCount, 0, "a pause that timed out leaves the list")
        XCTAssertEqual(visitors.running, 1)
        render.release.signal()
        XCTAssertEqual(render.finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(visitors.pauses, 1)
    }

    func testWakeAllEndsEveryPause() {
        let visitors = VisitorRenders()
        let render = holdVisitorsRender(visitors)
        let pauses = (0 ..< 2).map { _ in pause(visitors, atMost: 600_000) }
        XCTAssertTrue(waitUntil(seconds: 30) { visitors.pausedCount == 2 }, "both pause")
        visitors.wakeAll()
        for returned in pauses { XCTAssertEqual(returned.wait(timeout: .now() + 30), .success) }
        XCTAssertEqual(visitors.running, 1, "the render is not ended by it")
        render.release.signal()
        XCTAssertEqual(render.finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(visitors.running, 0)
    }
}
