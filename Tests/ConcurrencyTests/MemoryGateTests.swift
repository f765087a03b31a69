import Concurrency
import Dispatch
import UnitSupport
import XCTest

/// The memory gate shares bytes between work that takes them before it starts: it grants
/// what fits at once, makes the rest wait, serves waiters by claim (aged requests, then
/// quick, then heavy, then background) and in order, and ends waits at their deadline, on
/// cancellation or when it stops.
final class MemoryGateTests: XCTestCase {
    /// A waiter on its own thread: its admission once the wait ends.
    private final class Waiter: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let result = Locked<MemoryGate.Admission?>(nil)
        var admission: MemoryGate.Admission? { result.withLock { $0 } }

        init(_ gate: MemoryGate, _ bytes: Int, _ claim: MemoryGate.Claim, deadline: Int64? = nil,
             isCancelled: @escaping @Sendable () -> Bool = { false }, then: @escaping @Sendable () -> Void = {}) {
            let result = self.result, done = self.done
            DetachedThread.start(name: "gate-test") {
                let admission = gate.acquire(bytes, claim: claim, deadline: deadline, isCancelled: isCancelled)
                result.withLock { $0 = admission }
                then()
                done.signal()
            }
        }

        /// Waits (a minute at most) for the wait to end; its admission.
        func end() -> MemoryGate.Admission? {
            _ = done.wait(timeout: .now() + 60)
            return admission
        }
    }

    /// Waits (a minute at most) until `count` waiters wait at `gate`.
    private func waitForWaiters(_ gate: MemoryGate, _ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        _ = waitUntil { gate.statistics.waiting >= count }
        XCTAssertEqual(gate.statistics.waiting, count, file: file, line: line)
    }

    func testWhatFitsIsGrantedAtOnceAndTheRestWaitsForARelease() {
        let gate = MemoryGate(capacity: 100)
        XCTAssertEqual(gate.acquire(60, claim: .heavy), .granted)
        XCTAssertEqual(gate.acquire(40, claim: .quick), .granted)
        let waiter = Waiter(gate, 50, .heavy)
        waitForWaiters(gate, 1)
        XCTAssertNil(waiter.admission, "50 bytes do not fit in 0")
        gate.release(40)
        waitForWaiters(gate, 1)
        XCTAssertNil(waiter.admission, "nor in 40")
        gate.release(60)
        XCTAssertEqual(waiter.end(), .granted)
        let statistics = gate.statistics
        XCTAssertEqual(statistics.held, 50)
        XCTAssertEqual(statistics.peak, 100)
        XCTAssertEqual(statistics.granted, 3)
        XCTAssertEqual(statistics.waited, 1)
    }

    /// A quick waiter goes before a heavy one that came first, when both cannot go; a young
    /// heavy waiter that does not fit lets a later one that does go first.
    func testQuickWaitersGoFirstAndYoungHeavyOnesStepAside() {
        let gate = MemoryGate(capacity: 100, clock: ManualClock())
        XCTAssertEqual(gate.acquire(100, claim: .heavy), .granted)
        let heavy = Waiter(gate, 60, .heavy)
        waitForWaiters(gate, 1)
        let quick = Waiter(gate, 60, .quick)
        waitForWaiters(gate, 2)
        gate.release(100)
        XCTAssertEqual(quick.end(), .granted, "the quick waiter first, though it came second")
        waitForWaiters(gate, 1)
        XCTAssertNil(heavy.admission, "60 more do not fit in 40")
        gate.release(60)
        XCTAssertEqual(heavy.end(), .granted)
        // Now 60 held: a heavy waiter of 80 does not fit and, young, lets one of 30 behind it go.
        let large = Waiter(gate, 80, .heavy)
        waitForWaiters(gate, 1)
        let small = Waiter(gate, 30, .heavy)
        XCTAssertEqual(small.end(), .granted)
        XCTAssertNil(large.admission)
        gate.release(60)
        gate.release(30)
        XCTAssertEqual(large.end(), .granted)
    }

    /// A request's waiter that has waited the aging time keeps its place in front of quick
    /// ones: a costly render is not starved by a stream of cheap ones.
    func testAnAgedWaiterIsNotStarvedByQuickOnes() {
        let clock = ManualClock()
        let gate = MemoryGate(capacity: 100, clock: clock)
        XCTAssertEqual(gate.acquire(50, claim: .quick), .granted)
        let heavy = Waiter(gate, 80, .heavy)
        waitForWaiters(gate, 1)
        XCTAssertEqual(gate.acquire(20, claim: .quick), .granted, "young, the heavy waiter lets a quick one that fits go")
        clock.advance(MemoryGate.agingMilliseconds)
        let quick = Waiter(gate, 20, .quick)
        waitForWaiters(gate, 2)
        XCTAssertNil(quick.admission, "aged, the heavy waiter keeps its place in front of the quick one")
        gate.release(50)
        gate.release(20)
        XCTAssertEqual(heavy.end(), .granted)
        gate.release(80)
        XCTAssertEqual(quick.end(), .granted)
    }

    /// Small quick claims use their own allowance beyond the capacity: a cheap render never
    /// waits behind a costly one that fills the gate (nor behind an aged waiter), only
    /// behind other small ones once the allowance is used.
    func testSmallQuickClaimsNeverWaitBehindLargeOnes() {
        let clock = ManualClock()
        let gate = MemoryGate(capacity: 100, small: MemoryGate.SmallClaims(each: 10, together: 20), clock: clock)
        XCTAssertEqual(gate.acquire(100, claim: .heavy), .granted)
        let heavy = Waiter(gate, 50, .heavy)
        waitForWaiters(gate, 1)
        clock.advance(MemoryGate.agingMilliseconds)
        XCTAssertEqual(gate.acquire(10, claim: .quick), .granted, "past the full capacity, within the allowance")
        XCTAssertEqual(gate.acquire(10, claim: .quick), .granted)
        let third = Waiter(gate, 10, .quick)
        waitForWaiters(gate, 2)
        XCTAssertNil(third.admission, "the allowance is used up")
        XCTAssertEqual(gate.statistics.held, 120)
        gate.release(10)
        XCTAssertEqual(third.end(), .granted)
        let large = Waiter(gate, 11, .quick)
        waitForWaiters(gate, 2)
        XCTAssertNil(large.admission, "a quick claim past `each` waits like any other")
        gate.release(100)
        XCTAssertEqual(heavy.end(), .granted, "the aged heavy waiter first")
        XCTAssertEqual(large.end(), .granted)
    }

    /// Background work (final encodes) waits behind every request.
    func testBackgroundWorkWaitsBehindRequests() {
        let gate = MemoryGate(capacity: 100)
        XCTAssertEqual(gate.acquire(100, claim: .heavy), .granted)
        let background = Waiter(gate, 60, .background)
        waitForWaiters(gate, 1)
        let heavy = Waiter(gate, 60, .heavy)
        waitForWaiters(gate, 2)
        gate.release(100)
        XCTAssertEqual(heavy.end(), .granted)
        XCTAssertNil(background.admission)
        gate.release(60)
        XCTAssertEqual(background.end(), .granted)
    }

    /// A waiter still waiting at its deadline leaves with `.timedOut`; its leaving lets one
    /// behind it that fits go.
    func testAWaitEndsAtItsDeadline() {
        let gate = MemoryGate(capacity: 100)
        XCTAssertEqual(gate.acquire(70, claim: .heavy), .granted)
        let started = SystemClock().milliseconds()
        let quick = Waiter(gate, 50, .quick, deadline: started + 100)
        waitForWaiters(gate, 1)
        let behind = Waiter(gate, 20, .heavy)
        XCTAssertEqual(quick.end(), .timedOut)
        XCTAssertEqual(behind.end(), .granted, "the quick waiter kept its place until it left")
        XCTAssertEqual(gate.statistics.timedOut, 1)
        XCTAssertEqual(gate.statistics.held, 90)
    }

    /// A waiter nobody wants any more leaves at the next `wake()`, with nothing held.
    func testACancelledWaiterLeavesOnWake() {
        let gate = MemoryGate(capacity: 100)
        XCTAssertEqual(gate.acquire(100, claim: .heavy), .granted)
        let cancelled = Locked(false)
        let waiter = Waiter(gate, 50, .heavy, isCancelled: { cancelled.withLock { $0 } })
        waitForWaiters(gate, 1)
        cancelled.withLock { $0 = true }
        gate.wake()
        XCTAssertEqual(waiter.end(), .cancelled)
        XCTAssertEqual(gate.statistics.held, 100)
        XCTAssertEqual(gate.statistics.waiting, 0)
    }

    /// Stopping ends every wait and refuses later ones; a claim larger than the whole
    /// capacity is cut to it (it runs alone rather than waits forever).
    func testStopEndsWaitsAndAnOversizedClaimRunsAlone() {
        let gate = MemoryGate(capacity: 100)
        XCTAssertEqual(gate.acquire(500, claim: .heavy), .granted)
        XCTAssertEqual(gate.statistics.held, 100)
        let waiter = Waiter(gate, 10, .quick)
        waitForWaiters(gate, 1)
        gate.stop()
        XCTAssertEqual(waiter.end(), .stopped)
        XCTAssertEqual(gate.acquire(10, claim: .quick), .stopped)
    }

    /// Many threads taking and giving back at random never hold more than the capacity,
    /// and every one is granted in the end.
    func testManyThreadsNeverHoldMoreThanTheCapacity() {
        let gate = MemoryGate(capacity: 1000)
        let over = Locked(false)
        let held = Locked(0)
        let group = DispatchGroup()
        for index in 0 ..< 16 {
            group.enter()
            DetachedThread.start(name: "gate-\(index)") {
                for round in 0 ..< 200 {
                    let bytes = 50 + (index * 37 + round * 11) % 500
                    let claim: MemoryGate.Claim = [.quick, .heavy, .background][(index + round) % 3]
                    guard gate.acquire(bytes, claim: claim) == .granted else { continue }
                    held.withLock { held in
                        held += bytes
                        if held > 1000 { over.withLock { $0 = true } }
                    }
                    held.withLock { $0 -= bytes }
                    gate.release(bytes)
                }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertFalse(over.withLock { $0 })
        XCTAssertEqual(gate.statistics.granted, 16 * 200)
        XCTAssertEqual(gate.statistics.held, 0)
        XCTAssertLessThanOrEqual(gate.statistics.peak, 1000)
    }
}
