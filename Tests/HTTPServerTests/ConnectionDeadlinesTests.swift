@testable import HTTPServer
import XCTest

final class ConnectionDeadlinesTests: XCTestCase {
    func testSlowRequestHeadTimesOutWith408() {
        var deadlines = ConnectionDeadlines(requestTimeout: 1000, idleTimeout: 5000, now: 0)
        deadlines.partialRequest(at: 100)
        deadlines.partialRequest(at: 900)  // more bytes do not restart the clock
        XCTAssertEqual(deadlines.due(at: 1099, responsesPending: false), .none)
        XCTAssertEqual(deadlines.due(at: 1100, responsesPending: false), .requestTimedOut)
    }

    func testIdleConnectionClosesAfterTheIdleTimeout() {
        var deadlines = ConnectionDeadlines(requestTimeout: 1000, idleTimeout: 5000, now: 0)
        deadlines.requestsComplete(at: 2000)
        deadlines.wrote(at: 2100, remaining: false)
        XCTAssertEqual(deadlines.due(at: 7099, responsesPending: false), .none)
        XCTAssertEqual(deadlines.due(at: 7100, responsesPending: false), .close)
    }

    func testNothingTimesOutWhileAResponseIsBeingMade() {
        var deadlines = ConnectionDeadlines(requestTimeout: 1000, idleTimeout: 5000, now: 0)
        deadlines.requestsComplete(at: 0)
        XCTAssertEqual(deadlines.due(at: 60_000, responsesPending: true), .none)
    }

    func testAClientThatDoesNotReadIsDropped() {
        var deadlines = ConnectionDeadlines(requestTimeout: 1000, idleTimeout: 5000, now: 0)
        deadlines.wrote(at: 100, remaining: true)
        XCTAssertEqual(deadlines.due(at: 5099, responsesPending: false), .none)
        XCTAssertEqual(deadlines.due(at: 5100, responsesPending: false), .close)
    }
}
