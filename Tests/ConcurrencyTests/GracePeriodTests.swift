import Concurrency
import Dispatch
import Glibc
import Synchronization
import UnitSupport
import XCTest

/// Grace periods elapse for a reader only once it has held nothing since they began, and
/// a value retired under them is never freed while a reader may still hold it lent.
final class GracePeriodTests: XCTestCase {
    /// What a writer shares with readers: the current value and those taken out.
    private struct Shared {
        var current: Tracked
        var retirements: Retirements<Tracked>
    }

    func testPeriodsElapseForAReaderOnlyOnceItHasHeldNothingSinceTheyBegan() {
        let periods = GracePeriods()
        XCTAssertEqual(periods.elapsed(), 0)
        let first = periods.begin()
        XCTAssertEqual(periods.elapsed(), first, "no reader: every period begun has elapsed")
        let reader = periods.register()
        XCTAssertEqual(periods.elapsed(), first, "a new reader is offline")
        reader.online()
        let second = periods.begin()
        XCTAssertEqual(periods.elapsed(), first, "the reader may hold what was unlinked before the second period")
        reader.online()  // it held nothing at this point
        XCTAssertEqual(periods.elapsed(), second)
        let third = periods.begin()
        reader.offline()
        XCTAssertEqual(periods.elapsed(), third, "an offline reader holds nothing")
        let other = periods.register()
        other.online()
        let fourth = periods.begin()
        XCTAssertEqual(periods.elapsed(), third)
        periods.unregister(other)
        XCTAssertEqual(periods.elapsed(), fourth)
    }

    func testARetiredValueWaitsForEveryReaderAndGoesOnceTheyPassed() {
        let freed = Locked<Set<Int>>([])
        let periods = GracePeriods()
        var retirements = Retirements<Tracked>(periods: periods)
        let reader = periods.register()
        reader.online()
        retirements.retire(Tracked(1, freed: freed))
        retirements.retire(Tracked(2, freed: freed))
        retirements.releaseElapsed()
        XCTAssertEqual(retirements.count, 2)
        XCTAssertEqual(freed.withLock { $0 }, [], "the reader may still hold them")
        reader.online()  // held nothing since: both periods elapsed for it
        retirements.retire(Tracked(3, freed: freed))
        retirements.releaseElapsed()
        XCTAssertEqual(freed.withLock { $0 }, [1, 2], "3 was retired after the reader's last quiescent state")
        XCTAssertEqual(retirements.count, 1)
        reader.offline()
        retirements.releaseElapsed()
        XCTAssertEqual(freed.withLock { $0 }, [1, 2, 3])
        XCTAssertEqual(retirements.count, 0)
        periods.unregister(reader)

        var unguarded = Retirements<Tracked>(periods: nil)
        unguarded.retire(Tracked(4, freed: freed))
        XCTAssertEqual(unguarded.count, 0)
        XCTAssertEqual(freed.withLock { $0 }, [1, 2, 3, 4], "without grace periods a value goes at once")
    }

    /// Two reader threads lend the shared value and hold it a while, as an event loop
    /// writing a cached answer would, while a writer replaces it as fast as it can: with
    /// grace periods no reader ever holds a freed value; without them (the control, which
    /// shows the check can fail) readers do.
    func testNoReaderEverHoldsAFreedValue() {
        XCTAssertEqual(Self.heldWhileFreed(periods: GracePeriods()), 0)
        XCTAssertGreaterThan(Self.heldWhileFreed(periods: nil), 0, "the control: freed at once, readers see it")
    }

    /// How many times a reader found the value it held already freed.
    private static func heldWhileFreed(periods: GracePeriods?) -> Int {
        let freed = Locked<Set<Int>>([])
        let shared = Locked(Shared(current: Tracked(0, freed: freed), retirements: Retirements(periods: periods)))
        let readersLeft = Atomic<Int>(2)
        let violations = Atomic<Int>(0)
        let writing = Atomic<Bool>(false)
        let writerDone = Atomic<Bool>(false)
        // The writer on a thread of its own (the pool may have fewer workers than three):
        // replaces the value every few microseconds until the readers are done.
        DetachedThread.start(name: "grace-writer") {
            var identifier = 0
            while readersLeft.load(ordering: .acquiring) > 0 {
                identifier += 1
                let next = Tracked(identifier, freed: freed)
                shared.withLock { shared in
                    shared.retirements.retire(shared.current)
                    shared.current = next
                    shared.retirements.releaseElapsed()
                }
                writing.store(true, ordering: .releasing)
                usleep(10)  // lets readers find it between replacements
            }
            writerDone.store(true, ordering: .releasing)
        }
        XCTAssertTrue(waitUntil { writing.load(ordering: .acquiring) }, "the writer never wrote")
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            defer { readersLeft.subtract(1, ordering: .releasing) }
            let reader = periods?.register()
            defer { reader.map { periods?.unregister($0) } }
            for _ in 0 ..< 400 {
                reader?.online()
                let (lent, identifier) = shared.withLock { (Lent($0.current), $0.current.identifier) }
                // Holds it longer than a write of a cached answer takes, and longer than
                // the writer keeps a value.
                usleep(100)
                if freed.withLock({ $0.contains(identifier) }) {
                    violations.add(1, ordering: .relaxed)  // (the control: its memory is not touched)
                } else if periods != nil {
                    XCTAssertEqual(lent.borrow { $0.identifier }, identifier)
                }
                reader?.offline()
            }
        }
        // (The writer stops once the readers are done, which they are here.)
        XCTAssertTrue(waitUntil { writerDone.load(ordering: .acquiring) }, "the writer did not stop")
        return violations.load(ordering: .relaxed)
    }
}
