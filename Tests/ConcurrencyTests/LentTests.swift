import Concurrency
import XCTest

/// Lent references count nothing; retained ones count exactly one until let go.
final class LentTests: XCTestCase {
    private final class Box {
        var value = 0
    }

    func testALentReferenceCountsNothingAndReachesTheObject() {
        var box = Box()
        let lent = Lent(box)
        XCTAssertTrue(isKnownUniquelyReferenced(&box), "lending counted no reference")
        lent.borrow { $0.value = 7 }
        XCTAssertEqual(box.value, 7)
        XCTAssertTrue(lent === Lent(box))
        XCTAssertFalse(lent === Lent(Box()))
        XCTAssertTrue(Lent<Box>(opaque: lent.opaque) === lent, "through C's void * and back")
    }

    func testARetainedReferenceKeepsItsObjectUntilReleased() {
        weak var watched: Box?
        var retained: Retained<Box>? = nil
        do {
            let box = Box()
            watched = box
            retained = Retained(box)
        }
        XCTAssertNotNil(watched, "the retained reference keeps it")
        retained?.lent.borrow { $0.value = 3 }
        XCTAssertEqual(watched?.value, 3)
        retained?.release()
        retained = nil
        XCTAssertNil(watched, "released: nothing else held it")
    }

    func testTakingARetainedReferenceHandsItsCountToTheCaller() {
        weak var watched: Box?
        var taken: Box? = nil
        do {
            let box = Box()
            watched = box
            let opaque = Retained(box).opaque  // as handed to C
            taken = Retained<Box>(opaque: opaque).take()
        }
        XCTAssertNotNil(watched)
        XCTAssertTrue(taken === watched, "take() hands back the object given")
        taken = nil
        XCTAssertNil(watched, "take() ended the hand-made count")
    }
}
