import Foundation
import HTTPServer
import ImageCodecs
import Concurrency
import SpinnerModel
import SpinnerRendering
import UnitSupport
@testable import SpinnerService
import Synchronization
import XCTest

/// The lanes, their bounds and cancellation, with fake renders that wait on semaphores:
/// no assertion depends on how long anything takes.
final class RenderSchedulerTests: XCTestCase {
    private let one = RenderClient(0x7F00_0001), two = RenderClient(0x7F00_0002)

    /// A fake render that signals when it starts and waits to be let go.
    private final class Gate: Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)

        func run(_ waited: Duration) {
            runs.add(1, ordering: .relaxed)
            started.signal()
            release.wait()
            finished.signal()
        }
    }

    private func scheduler(_ limits: RenderScheduler.Limits) -> RenderScheduler {
        let scheduler = RenderScheduler(limits: limits)
        addTeardownBlock { scheduler.stop() }
        return scheduler
    }

    func testACheapRenderIsNeverQueuedBehindExpensiveOnes() {
        let scheduler = scheduler(RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 4, heavyPerClient: 0))
        let heavy = Gate(), queuedHeavy = Gate(), quick = Gate()
        XCTAssertNil(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: heavy.run))
        heavy.started.wait()  // the heavy lane's only thread is busy
        XCTAssertNil(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: queuedHeavy.run))
        XCTAssertNil(scheduler.submit(.quick, client: one, isCancelled: { false }, run: quick.run))
        quick.started.wait()  // runs while both heavy renders are still held
        XCTAssertEqual(scheduler.depth(.heavy), 1)
        XCTAssertEqual(queuedHeavy.runs.load(ordering: .relaxed), 0)
        quick.release.signal()
        heavy.release.signal()
        queuedHeavy.started.wait()
        queuedHeavy.release.signal()
        queuedHeavy.finished.wait()
    }

    /// A job that waited its limit without a thread is taken out of the queue and its
    /// `expired` runs instead of it (the clock is the scheduler's: a minute less does nothing).
    func testAJobPastItsWaitLimitLeavesTheQueueUnrun() {
        let clock = ManualClock()
        let scheduler = RenderScheduler(limits: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1), clock: clock,
                                        waitLimit: .seconds(60))
        addTeardownBlock { scheduler.stop() }
        let blocker = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, isCancelled: { false }, run: blocker.run))
        XCTAssertEqual(blocker.started.wait(timeout: .now() + 30), .success)
        let expired = Atomic<Int>(0), ran = Atomic<Int>(0)
        let needs = RenderScheduler.Needs(bytes: 0) { expired.add(1, ordering: .relaxed) }
        XCTAssertNil(scheduler.submit(.quick, client: nil, needs: needs, isCancelled: { false }) { _ in ran.add(1, ordering: .relaxed) })
        clock.advance(59_999)
        scheduler.expireOverdue()
        XCTAssertEqual(scheduler.depth(.quick), 1)
        XCTAssertEqual(expired.load(ordering: .relaxed), 0)
        clock.advance(1)
        scheduler.expireOverdue()
        XCTAssertEqual(scheduler.depth(.quick), 0)
        XCTAssertEqual(expired.load(ordering: .relaxed), 1)
        blocker.release.signal()
        XCTAssertEqual(blocker.finished.wait(timeout: .now() + 30), .success)
        // Something after it runs, so the expired job would have run by now had it stayed.
        let after = DispatchSemaphore(value: 0)
        XCTAssertNil(scheduler.submit(.quick, client: nil, isCancelled: { false }) { _ in after.signal() })
        XCTAssertEqual(after.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(ran.load(ordering: .relaxed), 0)
        XCTAssertEqual(expired.load(ordering: .relaxed), 1)
    }

    /// Under a memory limit a job that a thread took waits at the gate for its memory, and
    /// leaves it at its wait limit like a queued one.
    func testAJobWaitingForMemoryLeavesAtItsWaitLimit() {
        let memory = MemoryGate(capacity: 100)
        let scheduler = RenderScheduler(limits: RenderScheduler.Limits(quickWorkers: 2, heavyWorkers: 1), memory: memory,
                                        waitLimit: .milliseconds(200))
        addTeardownBlock { scheduler.stop() }
        let blocker = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, needs: RenderScheduler.Needs(bytes: 80), isCancelled: { false }, run: blocker.run))
        XCTAssertEqual(blocker.started.wait(timeout: .now() + 30), .success)
        let expired = DispatchSemaphore(value: 0), ran = Atomic<Int>(0)
        let needs = RenderScheduler.Needs(bytes: 50) { expired.signal() }
        XCTAssertNil(scheduler.submit(.quick, client: nil, needs: needs, isCancelled: { false }) { _ in ran.add(1, ordering: .relaxed) })
        XCTAssertEqual(expired.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(memory.statistics.timedOut, 1, "it left from the gate, where the second thread held it")
        blocker.release.signal()
        XCTAssertEqual(blocker.finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(ran.load(ordering: .relaxed), 0)
        _ = waitUntil(seconds: 30) { memory.statistics.held == 0 }
        XCTAssertEqual(memory.statistics.held, 0, "the first job gave its memory back")
    }

    func testTheShortestEstimateRunsFirstUnlessTheOldestHasWaitedLong() {
        let clock = ManualClock()
        let scheduler = RenderScheduler(limits: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 8, heavyQueue: 1),
                                        clock: clock)
        addTeardownBlock { scheduler.stop() }
        let order = Locked<[String]>([])
        let blocker = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(1), isCancelled: { false }, run: blocker.run))
        blocker.started.wait()
        let done = DispatchSemaphore(value: 0)
        for (name, estimate) in [("slow", 0.7), ("svg", 0.003), ("png", 0.05)] {
            XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(estimate), isCancelled: { false }) { _ in
                order.withLock { $0.append(name) }
                done.signal()
            })
        }
        blocker.release.signal()
        for _ in 0 ..< 3 { done.wait() }
        XCTAssertEqual(order.withLock { $0 }, ["svg", "png", "slow"])

        // Aged: a job that waited past the limit goes before a newer, shorter one.
        let second = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(1), isCancelled: { false }, run: second.run))
        second.started.wait()
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(0.7), isCancelled: { false }) { _ in
            order.withLock { $0.append("aged") }
            done.signal()
        })
        clock.now.store(RenderScheduler.aging.wholeMilliseconds, ordering: .relaxed)
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(0.003), isCancelled: { false }) { _ in
            order.withLock { $0.append("fresh") }
            done.signal()
        })
        second.release.signal()
        for _ in 0 ..< 2 { done.wait() }
        XCTAssertEqual(order.withLock { Array($0.suffix(2)) }, ["aged", "fresh"])
    }

    func testTheHeavyQueueIsBoundedAndOneAddressGetsItsShare() {
        let scheduler = scheduler(RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 2, heavyPerClient: 2))
        let gates = (0 ..< 4).map { _ in Gate() }
        XCTAssertNil(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: gates[0].run))
        gates[0].started.wait()
        XCTAssertNil(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: gates[1].run))
        XCTAssertEqual(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: gates[2].run), .clientLimit,
                       "an address has two heavy renders waiting or running at most")
        XCTAssertNil(scheduler.submit(.heavy, client: two, isCancelled: { false }, run: gates[2].run))
        XCTAssertEqual(scheduler.submit(.heavy, client: RenderClient(0x7F00_0003), isCancelled: { false }, run: gates[3].run),
                       .queueFull(.heavy))
        gates[0].release.signal()
        gates[1].started.wait()
        // The first render ended: its address may queue again.
        XCTAssertNil(scheduler.submit(.heavy, client: one, isCancelled: { false }, run: gates[3].run))
        for gate in gates[1...] { gate.release.signal() }
    }

    func testQueuedRendersNobodyWantsAreDroppedUnrun() {
        let scheduler = scheduler(RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 4, heavyPerClient: 0))
        let running = Gate(), dropped = Gate(), kept = Gate()
        let cancelled = Atomic<Bool>(false)
        XCTAssertNil(scheduler.submit(.heavy, client: nil, isCancelled: { false }, run: running.run))
        running.started.wait()
        XCTAssertNil(scheduler.submit(.heavy, client: nil, isCancelled: { cancelled.load(ordering: .relaxed) }, run: dropped.run))
        XCTAssertNil(scheduler.submit(.heavy, client: nil, isCancelled: { false }, run: kept.run))
        XCTAssertEqual(scheduler.depth(.heavy), 2)
        cancelled.store(true, ordering: .relaxed)
        scheduler.purgeCancelled()
        XCTAssertEqual(scheduler.depth(.heavy), 1, "dropped as soon as nobody wants it, not when a thread frees up")
        running.release.signal()
        kept.started.wait()
        kept.release.signal()
        kept.finished.wait()
        XCTAssertEqual(dropped.runs.load(ordering: .relaxed), 0)
    }

    func testStoppingDropsWhatWaitsAndEndsTheThreads() {
        let scheduler = RenderScheduler(limits: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 4))
        let running = Gate(), waiting = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, isCancelled: { false }, run: running.run))
        running.started.wait()
        XCTAssertNil(scheduler.submit(.quick, client: nil, isCancelled: { false }, run: waiting.run))
        let stopped = DispatchSemaphore(value: 0)
        Thread { scheduler.stop(); stopped.signal() }.start()
        XCTAssertTrue(waitUntil { scheduler.depth(.quick) == 0 }, "the stop has dropped the queue")
        running.release.signal()
        stopped.wait()  // returns only once every thread has ended
        XCTAssertEqual(waiting.runs.load(ordering: .relaxed), 0)
        XCTAssertEqual(scheduler.submit(.quick, client: nil, isCancelled: { false }, run: waiting.run), .queueFull(.quick),
                       "a stopped scheduler takes nothing")
    }

    func testBackgroundWorkRunsOnlyWhenNothingWaitsAndOneAtATime() {
        let scheduler = scheduler(RenderScheduler.Limits(quickWorkers: 2, heavyWorkers: 1, quickQueue: 1, heavyQueue: 1))
        let order = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let blocker = Gate(), background = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(1), isCancelled: { false }, run: blocker.run))
        blocker.started.wait()
        // Background work takes no place in the queue (its bound is 1) and only one thread.
        scheduler.submitBackground(.quick, key: "first", run: background.run)
        background.started.wait()
        for name in ["second", "third"] {
            scheduler.submitBackground(.quick, key: name) { _ in
                order.withLock { $0.append(name) }
                done.signal()
            }
        }
        XCTAssertEqual(scheduler.backgroundPending, 3)
        // Both threads are busy (one request, one background job): a request waits in the
        // queue and runs before the background jobs waiting.
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(0.5), isCancelled: { false }) { _ in
            order.withLock { $0.append("request") }
            done.signal()
        })
        XCTAssertEqual(scheduler.depth(.quick), 1)
        blocker.release.signal()
        done.wait()
        XCTAssertEqual(order.withLock { $0 }, ["request"], "nothing of the background ran while the first still runs")
        background.release.signal()
        done.wait()
        done.wait()
        XCTAssertEqual(order.withLock { $0 }, ["request", "second", "third"])
        background.finished.wait()
    }

    /// A request's render counts as a visitor's while it runs, in either lane and under a
    /// memory gate; work rendered ahead never does.
    func testARequestsRenderCountsAsAVisitorsWhileItRuns() {
        let visitors = VisitorRenders()
        let gate = MemoryGate(capacity: 1 << 30)
        let scheduler = RenderScheduler(limits: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1), memory: gate,
                                        visitors: visitors)
        addTeardownBlock { scheduler.stop() }
        let background = Gate()
        scheduler.submitBackground(.quick, key: "ahead", run: background.run)
        background.started.wait()
        XCTAssertEqual(visitors.running, 0, "rendered ahead: not a visitor's")
        background.release.signal()
        background.finished.wait()
        let heavy = Gate(), quick = Gate()
        XCTAssertNil(scheduler.submit(.heavy, client: one, needs: RenderScheduler.Needs(bytes: 1 << 20), isCancelled: { false },
                                      run: heavy.run))
        heavy.started.wait()
        XCTAssertEqual(visitors.running, 1)
        XCTAssertNil(scheduler.submit(.quick, client: two, isCancelled: { false }, run: quick.run))
        quick.started.wait()
        XCTAssertEqual(visitors.running, 2)
        heavy.release.signal()
        heavy.finished.wait()
        quick.release.signal()
        quick.finished.wait()
        // `finished` is signalled inside the render: its count ends just after.
        XCTAssertTrue(waitUntil { visitors.running == 0 }, "\(visitors.running) visitors' renders still counted")
    }

    func testARequestForBackgroundWorkMovesItAheadOfTheQueue() {
        let scheduler = scheduler(RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 1))
        let order = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let blocker = Gate()
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(1), isCancelled: { false }, run: blocker.run))
        blocker.started.wait()
        for name in ["default-a", "default-b"] {
            scheduler.submitBackground(.quick, key: name, estimate: .seconds(0.1)) { _ in
                order.withLock { $0.append(name) }
                done.signal()
            }
        }
        XCTAssertNil(scheduler.submit(.quick, client: nil, estimate: .seconds(0.5), isCancelled: { false }) { _ in
            order.withLock { $0.append("request") }
            done.signal()
        })
        scheduler.promote("default-b")  // someone asked for it: it runs like a request (shorter estimate first)
        XCTAssertEqual(scheduler.depth(.quick), 2)
        blocker.release.signal()
        for _ in 0 ..< 3 { done.wait() }
        XCTAssertEqual(order.withLock { $0 }, ["default-b", "request", "default-a"])
        // default-a signalled from inside its run; its thread counts it done just after.
        XCTAssertTrue(waitUntil { scheduler.backgroundPending == 0 }, "\(scheduler.backgroundPending) background jobs still pending")
    }
}
