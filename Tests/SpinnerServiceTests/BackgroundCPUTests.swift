@testable import SpinnerService
import Concurrency
import UnitSupport
import XCTest

/// The bound on the final encodes' CPU: a burst at once, then the average held to the
/// share, whatever the frames' sizes; a stop ends a wait. On a simulated clock (the sleeps
/// advance it), so nothing here depends on the machine's speed.
final class BackgroundCPUTests: XCTestCase {
    /// A clock that moves only when the paced thread sleeps or the test says so.
    private final class SimulatedTime: Sendable {
        let now = Locked(0.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    func testABurstRunsAtOnceThenTheBucketAsksForAWait() {
        let time = SimulatedTime()
        let share = BackgroundCPU(cores: 0.25, burst: 0.5, clock: { time.now.value }, sleep: { time.advance($0) })
        XCTAssertEqual(share.charge(0.5), 0, "the burst is free")
        XCTAssertEqual(share.charge(0.25), 1, accuracy: 1e-9, "a quarter second over, at a quarter core: a second's wait")
        time.advance(1)
        XCTAssertEqual(share.charge(0), 0, accuracy: 1e-9)
        time.advance(100)
        XCTAssertEqual(share.charge(0.5), 0, "credit refills up to the burst, no further")
        XCTAssertGreaterThan(share.charge(0.01), 0)
    }

    /// An encode of 2 000 frames of 10 ms each, paced: its CPU over the time it took is the
    /// share, within the burst; a share of 1 core barely slows it.
    func testTheAverageIsHeldToTheShare() {
        for cores in [0.1, 0.25, 1.0] {
            let time = SimulatedTime()
            let used = Locked(0.0)
            let share = BackgroundCPU(cores: cores, burst: 0.5, clock: { time.now.value }, sleep: { time.advance($0) })
            let meter = ThreadCPUMeter(read: { used.value })
            _ = meter.usedSinceLastCheck()
            for _ in 0 ..< 2_000 {
                time.advance(0.01)  // the frame's own time, all of it CPU
                used.withLock { $0 += 0.01 }
                share.pace(meter) { false }
            }
            let average = used.value / time.now.value
            XCTAssertLessThanOrEqual(average, cores * 1.02 + 0.5 / time.now.value, "\(cores) cores")
            XCTAssertGreaterThanOrEqual(average, min(1, cores) * 0.95, "\(cores) cores: paced no more than needed")
        }
    }

    func testAStopEndsTheWait() {
        let time = SimulatedTime()
        let sleeps = Locked(0)
        let share = BackgroundCPU(cores: 0.1, burst: 0, clock: { time.now.value }, sleep: { _ in sleeps.withLock { $0 += 1 } })
        let used = Locked(0.0)
        let meter = ThreadCPUMeter(read: { used.value })
        _ = meter.usedSinceLastCheck()
        used.withLock { $0 = 100 }  // far over: a wait of 1 000 s on a clock that never moves
        share.pace(meter) { sleeps.value >= 3 }
        XCTAssertEqual(sleeps.value, 3, "the wait ends at the stop, one slice after it is asked")
    }
}
