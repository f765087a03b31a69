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

final class RenderFlightsTests: XCTestCase {
    private final class Received: Sendable {
        let outcomes = Locked<[Int]>([])
    }

    func testWaitersShareOneFlightAndAllGetItsOutcome() {
        let flights = RenderFlights<Int>(), received = Received()
        let first = flights.join("k") { value in received.outcomes.withLock { $0.append(value) } }
        let second = flights.join("k") { value in received.outcomes.withLock { $0.append(value * 10) } }
        XCTAssertTrue(first.first)
        XCTAssertFalse(second.first)
        XCTAssertTrue(first.flight === second.flight)
        flights.finish("k", flight: first.flight, with: 7)
        XCTAssertEqual(received.outcomes.withLock { $0.sorted() }, [7, 70])
        XCTAssertEqual(flights.count, 0)
    }

    func testTheLastWaiterLeavingCancelsAndForgetsTheFlight() {
        let flights = RenderFlights<Int>(), received = Received()
        let first = flights.join("k") { value in received.outcomes.withLock { $0.append(value) } }
        let second = flights.join("k") { value in received.outcomes.withLock { $0.append(value) } }
        XCTAssertFalse(flights.leave("k", flight: first.flight, waiter: first.waiter))
        XCTAssertFalse(first.flight.cancellation.isCancelled, "one waiter is left")
        XCTAssertTrue(flights.leave("k", flight: second.flight, waiter: second.waiter))
        XCTAssertTrue(first.flight.cancellation.isCancelled)
        XCTAssertThrowsError(try first.flight.cancellation.stopCheck.check()) { error in
            XCTAssertEqual(error as? StopCheck.Reason, .cancelled)
        }
        // A later request starts afresh; the old render's end reaches nobody.
        let later = flights.join("k") { value in received.outcomes.withLock { $0.append(value) } }
        XCTAssertTrue(later.first)
        XCTAssertFalse(later.flight === first.flight)
        flights.finish("k", flight: first.flight, with: 1)
        XCTAssertEqual(received.outcomes.withLock { $0 }, [])
        flights.finish("k", flight: later.flight, with: 2)
        XCTAssertEqual(received.outcomes.withLock { $0 }, [2])
    }

    func testARenderPastItsDeadlineIsToldToStop() {
        let clock = ManualClock()
        let flights = RenderFlights<Int>(clock: clock)
        let joined = flights.join("k") { _ in }
        XCTAssertNoThrow(try joined.flight.cancellation.stopCheck.check(), "no deadline before it starts")
        clock.now.store(1000, ordering: .relaxed)
        joined.flight.cancellation.start(within: .milliseconds(500))
        clock.now.store(1499, ordering: .relaxed)
        XCTAssertNoThrow(try joined.flight.cancellation.stopCheck.check())
        clock.now.store(1500, ordering: .relaxed)
        XCTAssertThrowsError(try joined.flight.cancellation.stopCheck.check()) { error in
            XCTAssertEqual(error as? StopCheck.Reason, .timedOut)
        }
    }
}
