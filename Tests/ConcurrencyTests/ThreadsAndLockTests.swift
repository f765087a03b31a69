import Concurrency
import Dispatch
import Foundation
import UnitSupport
import Glibc
import Synchronization
import XCTest

/// The lock gives one thread at a time; a detached thread runs its body under its name.
final class ThreadsAndLockTests: XCTestCase {
    func testTurnsUnderTheLockNeverInterleave() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0 ..< 10_000 { count.withLock { $0 += 1 } }
        }
        XCTAssertEqual(count.withLock { $0 }, 40_000)
    }

    func testALockedTurnPassesOnWhatTheBodyThrows() {
        struct Refused: Error {}
        let value = Locked(1)
        XCTAssertThrowsError(try value.withLock { (_: inout Int) throws(Refused) -> Void in throw Refused() })
        XCTAssertEqual(value.withLock { $0 }, 1)
    }

    func testADetachedThreadRunsItsBodyUnderItsNameCutToLinuxsLimit() {
        let name = Locked<String?>(nil)
        let done = Atomic<Bool>(false)
        DetachedThread.start(name: "spinnerd-a-very-long-name") {
            // Linux shows a thread's name in /proc/thread-self/comm (with a newline).
            let read = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            name.withLock { $0 = read?.trimmingCharacters(in: .newlines) }
            done.store(true, ordering: .releasing)
        }
        _ = waitUntil(seconds: 30) { done.load(ordering: .acquiring) }
        XCTAssertEqual(name.withLock { $0 }, "spinnerd-a-very")
    }
}
