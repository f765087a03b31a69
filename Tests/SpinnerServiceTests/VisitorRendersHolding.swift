import Dispatch
import Foundation
@testable import SpinnerService
import XCTest

/// What the tests of visitors' renders and the final encodes that step aside for them share.
extension XCTestCase {
    /// A visitor's render on a thread of its own, held until `release` is signalled;
    /// returns once it runs.
    func holdVisitorsRender(_ visitors: VisitorRenders) -> (release: DispatchSemaphore, finished: DispatchSemaphore) {
        let (started, release, finished) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        Thread.detachNewThread {
            visitors.run {
                started.signal()
                release.wait()
            }
            finished.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        return (release, finished)
    }
}
