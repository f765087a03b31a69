@testable import HTTPServer
import Concurrency
import XCTest

final class AdmissionTests: XCTestCase {
    private let one = ClientAddress(0x7F00_0001), two = ClientAddress(0x7F00_0002)

    func testTheConnectionLimitCountsEveryAddress() {
        let admission = Admission(maxConnections: 2, maxConnectionsPerClient: 0, refusalSlots: 1)
        XCTAssertNil(admission.admit(one))
        XCTAssertNil(admission.admit(two))
        XCTAssertEqual(admission.admit(one), .full)
        admission.release(two)
        XCTAssertNil(admission.admit(one))
        XCTAssertEqual(admission.openConnections, 2)
    }

    func testOneAddressCannotHoldMoreThanItsShare() {
        let admission = Admission(maxConnections: 10, maxConnectionsPerClient: 2, refusalSlots: 1)
        XCTAssertNil(admission.admit(one))
        XCTAssertNil(admission.admit(one))
        XCTAssertEqual(admission.admit(one), .clientLimit)
        XCTAssertNil(admission.admit(two), "another address is not affected")
        admission.release(one)
        XCTAssertNil(admission.admit(one))
        XCTAssertEqual(admission.openConnections, 3)
    }

    func testATrustedFrontIsExemptFromThePerClientLimitButNotFromTheLimit() throws {
        let front = ClientAddress(0x0A00_0005)
        let admission = Admission(maxConnections: 4, maxConnectionsPerClient: 1,
                                  exempt: try XCTUnwrap(TrustedProxies(list: "10.0.0.0/8")), refusalSlots: 1)
        XCTAssertNil(admission.admit(front))
        XCTAssertNil(admission.admit(front))
        XCTAssertNil(admission.admit(front))
        XCTAssertNil(admission.admit(one))
        XCTAssertEqual(admission.admit(front), .full, "the connection limit still counts the front")
        admission.release(front)
        XCTAssertEqual(admission.admit(one), .clientLimit, "others keep their share")
        XCTAssertNil(admission.admit(two))
    }

    func testARefusalAtTheConnectionLimitDoesNotCountAgainstTheAddress() {
        let admission = Admission(maxConnections: 1, maxConnectionsPerClient: 1, refusalSlots: 1)
        XCTAssertNil(admission.admit(two))
        XCTAssertEqual(admission.admit(one), .full)
        admission.release(two)
        XCTAssertNil(admission.admit(one), "the refused attempt left no count behind")
    }

    func testRefusalSlotsAreBounded() {
        let admission = Admission(maxConnections: 1, maxConnectionsPerClient: 0, refusalSlots: 2)
        XCTAssertTrue(admission.takeRefusalSlot())
        XCTAssertTrue(admission.takeRefusalSlot())
        XCTAssertFalse(admission.takeRefusalSlot())
        admission.releaseRefusalSlot()
        XCTAssertTrue(admission.takeRefusalSlot())
        XCTAssertEqual(admission.lingeringRefusals, 2)
    }

    func testClientAddressesReadAndPrintAsDottedQuads() {
        XCTAssertEqual(ClientAddress("127.1.2.3")?.value, 0x7F01_0203)
        XCTAssertEqual(ClientAddress(0x7F01_0203).description, "127.1.2.3")
        XCTAssertNil(ClientAddress("127.0.0"))
        XCTAssertNil(ClientAddress("127.0.0.256"))
    }
}

final class ThrottledLogTests: XCTestCase {
    func testAFloodBecomesAtMostOneLinePerIntervalWithCounts() {
        let lines = Locked<[String]>([])
        let log = ThrottledLog(interval: 1000) { line in lines.withLock { $0.append(line) } }
        log.report("refused", at: 0)
        for now in stride(from: Int64(1), to: 1000, by: 1) { log.report("refused", at: now) }
        log.report("paused", at: 999)
        XCTAssertEqual(lines.withLock { $0 }, ["refused"], "the first report is written at once")
        log.flushIfDue(at: 999)
        XCTAssertEqual(lines.withLock { $0.count }, 1)
        log.flushIfDue(at: 1000)
        XCTAssertEqual(lines.withLock { $0 }, ["refused", "refused (×999); paused"])
        log.flushIfDue(at: 5000)
        XCTAssertEqual(lines.withLock { $0.count }, 2, "nothing new: nothing written")
    }
}

final class DescriptorPlanTests: XCTestCase {
    func testEveryPartGetsItsShareAndTheyAddUpToTheLimit() {
        for (limit, loops) in [(256, 2), (1024, 2), (20_000, 2), (65_536, 4), (64, 1)] {
            let plan = DescriptorPlan(limit: limit, eventLoops: loops)
            XCTAssertEqual(plan.reserved, 3 + 3 * loops + 1 + 32)
            XCTAssertLessThanOrEqual(plan.reserved + plan.bodyFiles + plan.refusalSlots + plan.connections, max(limit, plan.reserved + 2),
                                     "limit \(limit)")
            XCTAssertGreaterThanOrEqual(plan.connections, 1)
            XCTAssertLessThanOrEqual(plan.connections, DescriptorPlan.connectionCeiling)
        }
        let small = DescriptorPlan(limit: 256, eventLoops: 2)
        XCTAssertEqual([small.bodyFiles, small.refusalSlots, small.connections], [26, 13, 175])
        XCTAssertEqual(DescriptorPlan(limit: 1024, eventLoops: 2).connections, 799, "as the README says")
        XCTAssertEqual(DescriptorPlan(limit: 65_536, eventLoops: 2).connections, 16_384)
        XCTAssertEqual(DescriptorPlan(limit: 1_048_576, eventLoops: 2).connections, 16_384)
    }

    func testTheQuotaGivesOutAtMostItsLimit() {
        let quota = DescriptorQuota(limit: 2)
        XCTAssertTrue(quota.take())
        XCTAssertTrue(quota.take())
        XCTAssertFalse(quota.take())
        quota.giveBack()
        XCTAssertTrue(quota.take())
        XCTAssertEqual(quota.inUse, 2)
    }

    func testBodyFilesCountAgainstTheirQuotaWhileTheyLive() throws {
        let quota = DescriptorQuota(limit: 1)
        var first = HTTPBodyFile([1, 2, 3], quota: quota)
        XCTAssertNotNil(first)
        XCTAssertNil(HTTPBodyFile([4], quota: quota), "the quota is used up: the body stays in memory")
        first = nil
        XCTAssertNotNil(HTTPBodyFile([4], quota: quota))
    }
}
