import Dispatch
import Foundation
import Glibc
@testable import ImageCodecs
@testable import SpinnerService
import UnitSupport
import Concurrency
import XCTest

/// The scheduler's lane of final encodes behind provisional answers: one key once, a bound,
/// the shortest first, its thread at the lowest CPU share without helpers, and a stop that
/// cuts the running encode short. Fake encodes wait on semaphores: nothing depends on timing.
final class FinalEncodeLaneTests: XCTestCase {
    /// Holds the queue's thread in a first job until released.
    private func blocked(_ queue: RenderScheduler) -> (started: DispatchSemaphore, release: DispatchSemaphore) {
        let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        XCTAssertEqual(queue.submitFinal(key: "blocker", exhaustive: false, estimate: .seconds(0)) { _ in
            started.signal()
            release.wait()
        }, .queued)
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        return (started, release)
    }

    /// Waits (at most 30 s) until nothing waits or runs.
    private func waitUntilIdle(_ queue: RenderScheduler) {
        XCTAssertTrue(waitUntil(seconds: 30) { queue.finalsPending == 0 }, "\(queue.finalsPending) final encodes still pending")
    }

    func testAKeyIsQueuedOnceAndAFullQueueDropsTheRest() {
        let queue = RenderScheduler(limits: RenderScheduler.Limits(finalQueue: 2))
        addTeardownBlock { queue.stop() }
        let gate = blocked(queue)
        XCTAssertEqual(queue.submitFinal(key: "blocker", exhaustive: false, estimate: .seconds(0)) { _ in }, .alreadyPending, "running counts as pending")
        XCTAssertEqual(queue.submitFinal(key: "a", exhaustive: false, estimate: .seconds(1)) { _ in }, .queued)
        XCTAssertEqual(queue.submitFinal(key: "a", exhaustive: false, estimate: .seconds(1)) { _ in }, .alreadyPending)
        XCTAssertEqual(queue.submitFinal(key: "b", exhaustive: false, estimate: .seconds(1)) { _ in }, .queued)
        XCTAssertEqual(queue.submitFinal(key: "c", exhaustive: false, estimate: .seconds(1)) { _ in }, .full)
        XCTAssertTrue(queue.finalIsPending("a"))
        XCTAssertFalse(queue.finalIsPending("c"))
        XCTAssertEqual(queue.finalsPending, 3)
        gate.release.signal()
        waitUntilIdle(queue)
        XCTAssertEqual(queue.submitFinal(key: "a", exhaustive: false, estimate: .seconds(1)) { _ in }, .queued, "done: a key may come again")
        waitUntilIdle(queue)
    }

    func testTheShortestEstimateRunsFirst() {
        let queue = RenderScheduler(limits: RenderScheduler.Limits())
        addTeardownBlock { queue.stop() }
        let gate = blocked(queue)
        let order = Locked<[String]>([])
        for (key, estimate) in [("slow", 5.0), ("quick", 1.0), ("exhaustive", Double.infinity), ("middle", 3.0)] {
            XCTAssertEqual(queue.submitFinal(key: key, exhaustive: false, estimate: Duration(clampedSeconds: estimate)) { _ in order.update { $0.append(key) } }, .queued)
        }
        gate.release.signal()
        waitUntilIdle(queue)
        XCTAssertEqual(order.value, ["quick", "middle", "slow", "exhaustive"])
    }

    func testItsThreadRunsAtTheLowestShareWithoutHelpers() {
        let queue = RenderScheduler(limits: RenderScheduler.Limits())
        addTeardownBlock { queue.stop() }
        let seen = Locked<(policy: Int32, nice: Int32, workers: Int)?>(nil)
        XCTAssertEqual(queue.submitFinal(key: "k", exhaustive: false, estimate: .seconds(0)) { _ in
            // PRIO_PROCESS 0 is the calling thread on Linux.
            seen.set((sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), Parallel.workers(for: 8)))
        }, .queued)
        waitUntilIdle(queue)
        XCTAssertEqual(seen.value?.policy, 3, "SCHED_BATCH")
        XCTAssertEqual(seen.value?.nice, 19)
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), 0, "the test's own thread is untouched")
        XCTAssertEqual(seen.value?.workers, 1, "no help from Dispatch's pool at normal priority")
        XCTAssertEqual(Parallel.workers(for: 8), min(8, Parallel.cores), "other threads keep their helpers")
    }

    func testStopCutsTheRunningEncodeShortAndDropsWhatWaits() {
        let queue = RenderScheduler(limits: RenderScheduler.Limits())
        let started = DispatchSemaphore(value: 0)
        let reason = Locked<StopCheck.Reason?>(nil)
        let ranLater = Locked(false)
        XCTAssertEqual(queue.submitFinal(key: "long", exhaustive: false, estimate: .seconds(0)) { stop in
            started.signal()
            // An encode asking between frames, for at most a minute.
            for _ in 0 ..< 60_000 {
                do throws(StopCheck.Reason) { try stop.check() } catch {
                    reason.set(error)
                    return
                }
                usleep(1000)
            }
        }, .queued)
        XCTAssertEqual(queue.submitFinal(key: "later", exhaustive: false, estimate: .seconds(1)) { _ in ranLater.set(true) }, .queued)
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        queue.stop()  // returns once the thread has ended
        XCTAssertEqual(reason.value, .cancelled)
        XCTAssertFalse(ranLater.value)
        XCTAssertEqual(queue.submitFinal(key: "after", exhaustive: false, estimate: .seconds(0)) { _ in }, .stopping)
    }

    func testAnEncodeStepsAsideBetweenFramesWhileAVisitorsRenderRuns() {
        let visitors = VisitorRenders()
        let queue = RenderScheduler(limits: RenderScheduler.Limits(), visitors: visitors, pause: .seconds(600))
        addTeardownBlock { queue.stop() }
        let render = holdVisitorsRender(visitors)
        let frames = Locked(0)
        XCTAssertEqual(queue.submitFinal(key: "k", exhaustive: false, estimate: .seconds(0)) { stop in
            for _ in 0 ..< 3 {
                do throws(StopCheck.Reason) { try stop.check() } catch { return }
                frames.update { $0 += 1 }
            }
        }, .queued)
        XCTAssertTrue(waitUntil(seconds: 30) { visitors.pausedCount == 1 }, "the encode pauses at its first check")
        XCTAssertEqual(frames.value, 0)
        render.release.signal()
        waitUntilIdle(queue)
        XCTAssertEqual(frames.value, 3, "it goes on once the render ends")
        XCTAssertEqual(visitors.pauses, 1, "no pause once no visitor's render runs")
        XCTAssertEqual(render.finished.wait(timeout: .now() + 30), .success)
    }

    func testStopEndsAPausedEncode() {
        let visitors = VisitorRenders()
        let queue = RenderScheduler(limits: RenderScheduler.Limits(), visitors: visitors, pause: .seconds(600))
        let render = holdVisitorsRender(visitors)
        let reason = Locked<StopCheck.Reason?>(nil)
        XCTAssertEqual(queue.submitFinal(key: "k", exhaustive: false, estimate: .seconds(0)) { stop in
            do throws(StopCheck.Reason) { try stop.check() } catch { reason.set(error) }
        }, .queued)
        XCTAssertTrue(waitUntil(seconds: 30) { visitors.pausedCount == 1 }, "the encode pauses")
        // Stopping returns once the paused encode has ended (its pause is bounded by 10
        // minutes: only the stop can end it within the wait).
        let (stopped, left) = (DispatchSemaphore(value: 0), Locked<Int?>(nil))
        Thread.detachNewThread {
            left.set(queue.stop())
            stopped.signal()
        }
        XCTAssertEqual(stopped.wait(timeout: .now() + 30), .success, "the stop ends the pause")
        XCTAssertEqual(left.value, 1, "one encode left unfinished")
        XCTAssertEqual(reason.value, .cancelled)
        XCTAssertEqual(visitors.running, 1, "the visitor's render goes on")
        render.release.signal()
        XCTAssertEqual(render.finished.wait(timeout: .now() + 30), .success)
    }
}
