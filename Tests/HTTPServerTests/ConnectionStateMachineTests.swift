@testable import HTTPServer
import XCTest

/// Every transition of a connection's life, with plain numbers for the clock.
final class ConnectionStateMachineTests: XCTestCase {
    private let limits = ConnectionStateMachine.Limits(requestTimeout: 1000, idleTimeout: 5000, lingerTimeout: 300,
                                                       maxPipelinedRequests: 4, outputHighWater: 1000, inputLimit: 2000)

    private func accepted(at now: Int64 = 0) -> ConnectionStateMachine {
        ConnectionStateMachine(limits: limits, acceptedAt: now)
    }

    /// A connection that answered one request and went idle at `now`.
    private func idle(at now: Int64) -> ConnectionStateMachine {
        var state = accepted()
        state.inputBuffered(30, at: 0)
        state.requestParsed(keepAlive: true)
        state.inputBuffered(0, at: 0)
        state.answerQueued(bytes: 100)
        state.wrote(100, blocked: false, at: now)
        XCTAssertEqual(state.settle(at: now), .nothing)
        return state
    }

    func testAFreshConnectionAwaitsItsFirstHeadAndReads() {
        let state = accepted(at: 7)
        XCTAssertEqual(state.phase, .awaitingHead(since: 7, bytesSeen: false))
        XCTAssertTrue(state.takesRequests)
        XCTAssertTrue(state.canParse)
        XCTAssertTrue(state.wantsRead)
        XCTAssertTrue(state.watchesHangUp)
        XCTAssertFalse(state.wantsWrite)
        XCTAssertTrue(state.isQuiet)
    }

    func testASilentSocketIsClosedQuietlyOnceTheRequestTimeoutPassesFromAccept() {
        let state = accepted(at: 100)
        XCTAssertEqual(state.due(at: 1099), .nothing)
        XCTAssertEqual(state.due(at: 1100), .close)
    }

    func testASlowHeadGets408AndItsDeadlineRunsFromAcceptNotFromTheFirstByte() {
        var state = accepted(at: 0)
        state.inputBuffered(3, at: 900)
        XCTAssertEqual(state.phase, .awaitingHead(since: 0, bytesSeen: true))
        state.inputBuffered(9, at: 990)  // more bytes do not restart the clock
        XCTAssertEqual(state.due(at: 999), .nothing)
        XCTAssertEqual(state.due(at: 1000), .requestTimedOut)
    }

    func testARequestAnsweredAndWrittenLeavesTheConnectionIdle() {
        var state = accepted()
        state.requestParsed(keepAlive: true)
        XCTAssertEqual(state.phase, .responding)
        XCTAssertEqual(state.unanswered, 1)
        XCTAssertEqual(state.due(at: 1_000_000), .nothing, "no timer runs while an answer is being made")
        XCTAssertEqual(state.settle(at: 5), .nothing, "an answer is still owed")
        state.answerQueued(bytes: 120)
        XCTAssertEqual(state.queuedOutput, 120)
        state.wrote(120, blocked: false, at: 50)
        XCTAssertEqual(state.settle(at: 50), .nothing)
        XCTAssertEqual(state.phase, .idle(since: 50))
    }

    func testAnIdleConnectionClosesAfterTheIdleTimeoutAndWakesOnItsNextByte() {
        var state = idle(at: 200)
        XCTAssertEqual(state.due(at: 5199), .nothing)
        XCTAssertEqual(state.due(at: 5200), .close)
        state.inputBuffered(4, at: 300)
        XCTAssertEqual(state.phase, .awaitingHead(since: 300, bytesSeen: true))
        XCTAssertEqual(state.due(at: 1299), .nothing)
        XCTAssertEqual(state.due(at: 1300), .requestTimedOut)
    }

    func testAPartialPipelinedRequestStartsItsDeadlineWhenTheAnswersAreOut() {
        var state = accepted()
        state.requestParsed(keepAlive: true)
        state.inputBuffered(10, at: 20)  // the next request's first bytes, while answering
        XCTAssertEqual(state.phase, .responding)
        state.answerQueued(bytes: 10)
        state.wrote(10, blocked: false, at: 400)
        XCTAssertEqual(state.settle(at: 400), .nothing)
        XCTAssertEqual(state.phase, .awaitingHead(since: 400, bytesSeen: true))
    }

    func testReadingStopsAtThePipeliningDepthAndResumesAsAnswersGoOut() {
        var state = accepted()
        for _ in 0 ..< 4 { state.requestParsed(keepAlive: true) }
        XCTAssertFalse(state.canParse)
        XCTAssertFalse(state.wantsRead)
        XCTAssertTrue(state.watchesHangUp, "a client that leaves is still noticed")
        state.answerQueued(bytes: 10)
        XCTAssertTrue(state.canParse)
        XCTAssertTrue(state.wantsRead)
    }

    func testReadingStopsWhileTooMuchOutputWaitsAndResumesWhenItDrains() {
        var state = accepted()
        state.requestParsed(keepAlive: true)
        state.answerQueued(bytes: 1500)
        state.wrote(200, blocked: true, at: 10)
        XCTAssertEqual(state.queuedOutput, 1300)
        XCTAssertFalse(state.wantsRead)
        XCTAssertTrue(state.wantsWrite)
        state.wrote(250, blocked: true, at: 20)
        XCTAssertFalse(state.wantsRead, "still above the high water mark")
        state.wrote(100, blocked: true, at: 30)
        XCTAssertTrue(state.wantsRead)
        XCTAssertTrue(state.wantsWrite)
        state.wrote(950, blocked: false, at: 40)
        XCTAssertFalse(state.wantsWrite)
    }

    func testReadingStopsWhenTheInputLimitIsBuffered() {
        var state = accepted()
        state.inputBuffered(1999, at: 0)
        XCTAssertTrue(state.wantsRead)
        state.inputBuffered(2000, at: 0)
        XCTAssertFalse(state.wantsRead)
    }

    func testAClientThatStopsReadingIsClosedAfterTheIdleTimeoutAndProgressRestartsIt() {
        var state = accepted()
        state.requestParsed(keepAlive: true)
        state.answerQueued(bytes: 5000)
        state.wrote(1000, blocked: true, at: 100)
        XCTAssertEqual(state.blockedSince, 100)
        state.wrote(0, blocked: true, at: 200)
        XCTAssertEqual(state.blockedSince, 100, "no progress: the wait goes on")
        XCTAssertEqual(state.due(at: 5099), .nothing)
        XCTAssertEqual(state.due(at: 5100), .close)
        state.wrote(1000, blocked: true, at: 5000)
        XCTAssertEqual(state.due(at: 5100), .nothing, "progress restarts the wait")
        XCTAssertEqual(state.due(at: 10_000), .close)
    }

    func testConnectionCloseFinishesThenShutsWritingDownAndLingers() {
        var state = accepted()
        state.requestParsed(keepAlive: false)
        XCTAssertEqual(state.phase, .finishing(lingers: true))
        XCTAssertFalse(state.takesRequests)
        XCTAssertFalse(state.wantsRead, "what follows Connection: close is not read")
        state.answerQueued(bytes: 50)
        state.wrote(50, blocked: false, at: 70)
        XCTAssertEqual(state.settle(at: 70), .shutDownWriting)
        XCTAssertEqual(state.phase, .lingering(since: 70))
        XCTAssertTrue(state.wantsRead, "a lingering connection reads to throw input away")
        XCTAssertEqual(state.due(at: 369), .nothing)
        XCTAssertEqual(state.due(at: 370), .close)
        state.peerClosed()
        XCTAssertEqual(state.phase, .closed)
    }

    func testARefusalIsOneMoreAnswerAfterWhichTheConnectionFinishes() {
        var state = accepted()
        state.inputBuffered(40, at: 0)
        state.refused()
        XCTAssertEqual(state.phase, .finishing(lingers: true))
        XCTAssertEqual(state.unanswered, 1)
        XCTAssertEqual(state.bufferedInput, 0)
        state.answerQueued(bytes: 80)
        state.wrote(80, blocked: false, at: 3)
        XCTAssertEqual(state.settle(at: 3), .shutDownWriting)
    }

    func testAPeerThatLeavesWhileAnAnswerIsMadeHasGivenUpOnIt() {
        var waiting = accepted()
        waiting.requestParsed(keepAlive: true)
        waiting.peerClosed()
        XCTAssertEqual(waiting.phase, .closed)

        var writing = accepted()
        writing.requestParsed(keepAlive: true)
        writing.answerQueued(bytes: 500)
        writing.peerClosed()
        XCTAssertEqual(writing.phase, .finishing(lingers: false), "what is queued may still be read (a half-close)")
        XCTAssertFalse(writing.watchesHangUp)
        writing.wrote(500, blocked: false, at: 9)
        XCTAssertEqual(writing.settle(at: 9), .close)
        XCTAssertEqual(writing.phase, .closed)

        var resting = idle(at: 10)
        resting.peerClosed()
        XCTAssertEqual(resting.phase, .closed)
    }

    func testADrainClosesIdleAndWaitingConnectionsAndFinishesBusyOnes() {
        var waiting = accepted()
        waiting.drain()
        XCTAssertEqual(waiting.phase, .closed)
        var resting = idle(at: 5)
        resting.drain()
        XCTAssertEqual(resting.phase, .closed)
        var busy = accepted()
        busy.requestParsed(keepAlive: true)
        busy.drain()
        XCTAssertEqual(busy.phase, .finishing(lingers: true))
    }

    func testEvictionTakesLingeringThenIdleThenSlowHeadsPastTheGrace() {
        var lingering = accepted()
        lingering.refused()
        lingering.answerQueued(bytes: 1)
        lingering.wrote(1, blocked: false, at: 0)
        _ = lingering.settle(at: 0)
        XCTAssertEqual(lingering.evictionRank(at: 1, grace: 500), 0)
        XCTAssertEqual(idle(at: 0).evictionRank(at: 1, grace: 500), 1)
        let slow = accepted(at: 0)
        XCTAssertNil(slow.evictionRank(at: 499, grace: 500), "a newcomer gets time to send its request")
        XCTAssertEqual(slow.evictionRank(at: 500, grace: 500), 2)
        var busy = accepted()
        busy.requestParsed(keepAlive: true)
        XCTAssertNil(busy.evictionRank(at: 10_000, grace: 500), "a connection being answered is never taken back")
    }

    func testTheEpochCountsPhaseChangesOnly() {
        var state = accepted()
        XCTAssertEqual(state.epoch, 0)
        state.inputBuffered(0, at: 5)
        XCTAssertEqual(state.epoch, 0)
        state.requestParsed(keepAlive: true)
        state.requestParsed(keepAlive: true)
        XCTAssertEqual(state.epoch, 1)
        state.abort()
        XCTAssertEqual(state.epoch, 2)
        XCTAssertEqual(state.due(at: 0), .close)
    }
}
