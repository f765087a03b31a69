@testable import ImageCodecs
import Dispatch
import XCTest

/// Work handed to a thread of its own while the caller goes on.
final class BackgroundWorkTests: XCTestCase {
    func testValueIsWhatTheClosureReturnedHoweverOftenAsked() {
        let work = BackgroundWork { (1 ... 1000).reduce(0, +) }
        XCTAssertEqual(work.value(), 500_500)
        XCTAssertEqual(work.value(), 500_500)
    }

    func testManyAtOnceEachGiveTheirOwnValue() {
        let works = (0 ..< 64).map { index in BackgroundWork { index * index } }
        XCTAssertEqual(works.map { $0.value() }, (0 ..< 64).map { $0 * $0 })
    }

    func testWorkNobodyAsksForStillRunsToItsEnd() {
        let done = DispatchSemaphore(value: 0)
        for _ in 0 ..< 8 {
            _ = BackgroundWork { () -> Int in
                done.signal()
                return 0
            }
        }
        for _ in 0 ..< 8 { done.wait() }
        XCTAssertEqual(done.wait(timeout: .now()), .timedOut, "each ran once")
    }
}
