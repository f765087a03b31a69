@testable import HTTPServer
import Concurrency
import Synchronization
import XCTest

final class PendingResponseTests: XCTestCase {
    private final class Seen: Sendable {
        let statuses = Locked<[HTTPStatus]>([])
        let cancels = Atomic<Int>(0)
    }

    func testAnAnswerSentBeforeTheReceiverIsHandedOverOnce() {
        let pending = PendingResponse(), seen = Seen()
        pending.send(HTTPResponse(status: 201))
        pending.send(HTTPResponse(status: 500))
        pending.whenAnswered { response in seen.statuses.withLock { $0.append(response.status) } }
        XCTAssertEqual(seen.statuses.withLock { $0 }, [201])
    }

    func testAnAnswerSentAfterTheReceiverReachesIt() {
        let pending = PendingResponse(), seen = Seen()
        pending.whenAnswered { response in seen.statuses.withLock { $0.append(response.status) } }
        XCTAssertEqual(seen.statuses.withLock { $0 }, [])
        pending.send(HTTPResponse(status: 200))
        XCTAssertEqual(seen.statuses.withLock { $0 }, [200])
        XCTAssertFalse(pending.isCancelled)
    }

    func testCancellingTellsTheWorkAndDropsALateAnswer() {
        let pending = PendingResponse(), seen = Seen()
        pending.whenAnswered { response in seen.statuses.withLock { $0.append(response.status) } }
        pending.whenCancelled { seen.cancels.add(1, ordering: .relaxed) }
        pending.cancel()
        pending.cancel()
        XCTAssertTrue(pending.isCancelled)
        XCTAssertEqual(seen.cancels.load(ordering: .relaxed), 1)
        pending.whenCancelled { seen.cancels.add(1, ordering: .relaxed) }
        XCTAssertEqual(seen.cancels.load(ordering: .relaxed), 2, "a handler added after the cancel runs at once")
        pending.send(HTTPResponse(status: 200))
        XCTAssertEqual(seen.statuses.withLock { $0 }, [])
    }

    func testAnAnsweredResponseIsNeverCancelled() {
        let pending = PendingResponse(), seen = Seen()
        pending.whenCancelled { seen.cancels.add(1, ordering: .relaxed) }
        pending.send(HTTPResponse(status: 200))
        pending.cancel()
        XCTAssertFalse(pending.isCancelled)
        XCTAssertEqual(seen.cancels.load(ordering: .relaxed), 0)
    }
}
