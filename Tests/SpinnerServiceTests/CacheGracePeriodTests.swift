import Concurrency
@testable import SpinnerService
import UnitSupport
import XCTest

/// Values the cache lends uncounted (what the event loops write cached answers from) are
/// freed only after every reader has passed a grace period begun once they were taken
/// out (the rule itself, and its control, are ConcurrencyTests' `GracePeriodTests`).
final class CacheGracePeriodTests: XCTestCase {
    private static func lend(_ cache: ByteBoundedLRU<Tracked>, _ alias: String) -> (Lent<Tracked>, Int)? {
        Array(alias.utf8).withUnsafeBytes { bytes in
            cache.withValue(forAlias: bytes) { (Lent($0), $0.identifier) }
        }
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
        XCTAssertEqual(lent.borrow { $0.identifier }, 1)
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
}
