import Dispatch
import Foundation
import Glibc
import Locking
import Synchronization
@testable import SpinnerService
import XCTest

/// Values the cache lends uncounted (what the event loops write cached answers from) are
/// freed only after every reader has passed a grace period begun once they were taken
/// out, and never while a reader may still hold one.
final class GracePeriodTests: XCTestCase {
    /// A cached value that notes its own freeing.
    private final class Tracked: Sendable {
        let identifier: Int
        let freed: Locked<Set<Int>>

        init(_ identifier: Int, freed: Locked<Set<Int>>) {
            self.identifier = identifier
            self.freed = freed
        }

        deinit {
            let identifier = self.identifier
            freed.withLock { _ = $0.insert(identifier) }
        }
    }

    private static func lend(_ cache: ByteBoundedLRU<Tracked>, _ alias: String) -> (Unmanaged<Tracked>, Int)? {
        Array(alias.utf8).withUnsafeBytes { bytes in
            cache.withValue(forAlias: bytes) { (Unmanaged.passUnretained($0), $0.identifier) }
        }
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

    func testAValueTakenOutLivesUntilEveryReaderHasPassedAPeriod() throws {
        let freed = Locked<Set<Int>>([])
        let periods = GracePeriods()
        let cache = ByteBoundedLRU<Tracked>(capacity: 100, gracePeriods: periods)
        let reader = periods.register()
        reader.online()
        cache.insert(Tracked(1, freed: freed), cost: 60, for: "a")
        cache.addAlias("/a", overhead: 0, for: "a")
        let (lent, identifier) = try XCTUnwrap(Self.lend(cache, "/a"))
        XCTAssertEqual(identifier, 1)
        cache.insert(Tracked(2, freed: freed), cost: 60, for: "b")  // evicts 1
        XCTAssertNil(Self.lend(cache, "/a"), "taken out: no reader finds it any more")
        cache.insert(Tracked(3, freed: freed), cost: 60, for: "c")  // evicts 2
        XCTAssertEqual(cache.retiredCount, 2)
        XCTAssertEqual(freed.withLock { $0 }, [], "the reader may still hold them")
        XCTAssertEqual(lent._withUnsafeGuaranteedRef { $0.identifier }, 1)
        reader.online()  // passed a quiescent state: holds nothing taken out before
        cache.insert(Tracked(4, freed: freed), cost: 60, for: "c")  // replaces 3
        XCTAssertEqual(freed.withLock { $0 }, [1, 2], "3 was replaced after the reader's last quiescent state")
        XCTAssertEqual(cache.retiredCount, 1)
        reader.offline()
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertEqual(freed.withLock { $0 }, [1, 2, 3])
        XCTAssertEqual(cache.retiredCount, 0)

        // Without readers, a value taken out goes within the change that took it out.
        periods.unregister(reader)
        cache.insert(Tracked(5, freed: freed), cost: 60, for: "e")
        XCTAssertEqual(freed.withLock { $0 }, [1, 2, 3, 4])
        XCTAssertEqual(cache.retiredCount, 0)
    }

    /// Two reader threads lend the value under one alias and hold it a while, as an event
    /// loop writing an answer would, while a writer replaces it as fast as it can: with
    /// grace periods no reader ever holds a freed value; without them (the control, which
    /// shows the check can fail) readers do.
    func testNoReaderEverHoldsAFreedValue() {
        XCTAssertEqual(Self.heldWhileFreed(periods: GracePeriods()), 0)
        XCTAssertGreaterThan(Self.heldWhileFreed(periods: nil), 0, "the control: freed at once, readers see it")
    }

    /// How many times a reader found the value it held already freed.
    private static func heldWhileFreed(periods: GracePeriods?) -> Int {
        let freed = Locked<Set<Int>>([])
        let cache = ByteBoundedLRU<Tracked>(capacity: 1000, gracePeriods: periods)
        let readersLeft = Atomic<Int>(2)
        let violations = Atomic<Int>(0)
        cache.insert(Tracked(0, freed: freed), cost: 10, for: "k")
        cache.addAlias("/k", overhead: 0, for: "k")
        // The writer on a thread of its own (the pool may have fewer workers than three):
        // replaces the value (and its alias) every few microseconds until the readers are
        // done.
        let writing = Atomic<Bool>(false)
        let writer = Thread {
            var identifier = 0
            while readersLeft.load(ordering: .acquiring) > 0 {
                identifier += 1
                cache.insert(Tracked(identifier, freed: freed), cost: 10, for: "k")
                cache.addAlias("/k", overhead: 0, for: "k")
                writing.store(true, ordering: .releasing)
                usleep(10)  // lets readers find it between replacements
            }
        }
        writer.start()
        while !writing.load(ordering: .acquiring) { usleep(100) }
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            defer { readersLeft.subtract(1, ordering: .releasing) }
            let reader = periods?.register()
            defer { reader.map { periods?.unregister($0) } }
            for _ in 0 ..< 400 {
                reader?.online()
                if let (_, identifier) = Self.lend(cache, "/k") {
                    // Holds it longer than a write of a cached answer takes, and longer
                    // than the writer keeps a value.
                    usleep(100)
                    if freed.withLock({ $0.contains(identifier) }) { violations.add(1, ordering: .relaxed) }
                }
                reader?.offline()
            }
        }
        while !writer.isFinished { usleep(100) }
        return violations.load(ordering: .relaxed)
    }
}
