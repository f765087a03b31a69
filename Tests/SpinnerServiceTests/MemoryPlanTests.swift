import HTTPServer
import SpinnerModel
@testable import SpinnerService
import XCTest

/// Under a memory limit (a cgroup's, or `--memory-limit`), `spinnerd serve` shares it out so
/// that the process at its worst fits: the fixed parts first (process, connections, slack),
/// a quarter of the rest for the cache (at most its default), the remainder for the renders'
/// working memory, which they take from the memory gate. What the API admits never changes;
/// below the limit that holds the largest admitted render, the service refuses to start.
final class MemoryPlanTests: XCTestCase {
    private let mib = 1 << 20

    /// The Kubernetes manifest's 1 GiB on two cores (799 connections at 1 024 descriptors):
    /// the default cache, and room for the largest render with plenty beside it.
    func testTheManifestsLimitKeepsTheCacheAndHoldsTheLargestRender() {
        let plan = MemoryPlan(limit: 1024 * mib, connections: 799, askedCacheBytes: nil)
        XCTAssertEqual(plan.cacheBytes, 64 * mib)
        XCTAssertTrue(plan.rendersFit)
        XCTAssertEqual(plan.largestRenderBytes, RenderBudget.standard.maxRenderBytes - MemoryPlan.processBytes)
        XCTAssertGreaterThan(plan.renderBytes, 2 * plan.largestRenderBytes, "\(plan.renderBytes >> 20) MiB")
        XCTAssertEqual(plan.fixedBytes + plan.cacheBytes + MemoryPlan.smallClaims.together + plan.renderBytes, plan.limit,
                       "every byte is given to one part")
        XCTAssertNil(plan.refusal)
    }

    /// Half of it still holds the largest render: the same URLs are served at 512 MiB as at 1 GiB.
    func testHalfTheLimitStillHoldsTheLargestRender() {
        let plan = MemoryPlan(limit: 512 * mib, connections: 799, askedCacheBytes: nil)
        XCTAssertEqual(plan.cacheBytes, 64 * mib)
        XCTAssertTrue(plan.rendersFit, "\(plan.renderBytes >> 20) MiB")
        XCTAssertLessThanOrEqual(plan.fixedBytes + plan.cacheBytes + MemoryPlan.smallClaims.together + plan.renderBytes, plan.limit)
    }

    /// The floor is the smallest limit that holds the largest admitted render beside the
    /// same connections and cache: at it the plan fits, a MiB below it does not, and the
    /// refusal below it names the limit, what it leaves and the floor to raise it to.
    func testBelowTheFloorTheRefusalSaysWhatToRaise() throws {
        let plan = MemoryPlan(limit: 256 * mib, connections: 799, askedCacheBytes: nil)
        let floor = plan.floor
        XCTAssertGreaterThan(floor, 300 * mib)
        XCTAssertLessThan(floor, 420 * mib, "the floor with the defaults is \(floor >> 20) MiB")
        XCTAssertTrue(MemoryPlan(limit: floor, connections: 799, askedCacheBytes: nil).rendersFit)
        XCTAssertFalse(MemoryPlan(limit: floor - mib, connections: 799, askedCacheBytes: nil).rendersFit)
        let refusal = try XCTUnwrap(plan.refusal)
        XCTAssertTrue(refusal.contains("memory limit of 256 MiB"), refusal)
        XCTAssertTrue(refusal.contains("raise the memory limit to at least \(floor >> 20) MiB"), refusal)
        XCTAssertTrue(refusal.contains("\(plan.largestRenderBytes >> 20) MiB"), refusal)
        XCTAssertFalse(refusal.contains("--cache-bytes"), "nothing was asked for that could be lowered: \(refusal)")
    }

    /// A cache asked for is kept and counted: it raises the floor, and the refusal says it
    /// could be smaller. A tiny limit leaves nothing, never a negative share.
    func testACacheAskedForIsKeptAndRaisesTheFloor() throws {
        let asked = MemoryPlan(limit: 512 * mib, connections: 799, askedCacheBytes: 200 * mib)
        XCTAssertEqual(asked.cacheBytes, 200 * mib)
        XCTAssertFalse(asked.rendersFit)
        XCTAssertGreaterThan(asked.floor, MemoryPlan(limit: 512 * mib, connections: 799, askedCacheBytes: nil).floor)
        XCTAssertTrue(try XCTUnwrap(asked.refusal).contains("--cache-bytes"))
        let none = MemoryPlan(limit: 10 * mib, connections: 799, askedCacheBytes: nil)
        XCTAssertEqual(none.cacheBytes, 0)
        XCTAssertEqual(none.renderBytes, 0)
    }

    /// A container with a high descriptor limit (16 384 connections) keeps connections to an
    /// eighth of the limit at their worst; connections asked for are kept and counted in full.
    func testConnectionsAreKeptToAnEighthOfTheLimit() {
        let plan = MemoryPlan(limit: 1024 * mib, connections: 16_384, askedCacheBytes: nil)
        XCTAssertEqual(plan.connections, 1024 * mib / 8 / MemoryPlan.bytesPerConnection)
        XCTAssertTrue(plan.rendersFit)
        let asked = MemoryPlan(limit: 512 * mib, connections: 16_384, connectionsAsked: true, askedCacheBytes: nil)
        XCTAssertEqual(asked.connections, 16_384)
        XCTAssertFalse(asked.rendersFit)
    }

    /// `serve` applies the plan without touching the budget: the same URLs are admitted with
    /// and without a limit; the renders' working memory and the cache follow the limit,
    /// which is the smaller of `--memory-limit` and the cgroup's, and says where it came from.
    func testServeSettingsFollowTheLimitAndKeepTheBudget() throws {
        let plan = DescriptorPlan(limit: 1024, eventLoops: 2)
        let plain = try ServeSettings.resolve(flags: [:], environment: [:], cores: 2).get()
        let free = plain.settled(by: plan)
        XCTAssertEqual(free.service.cacheBytes, 64 * mib)
        XCTAssertNil(free.service.renderMemoryBytes)
        XCTAssertNil(free.memory)
        let cgroup = CgroupMemoryLimit(bytes: 512 * mib, file: "/sys/fs/cgroup/memory/x/memory.limit_in_bytes")
        let limited = plain.settled(by: plan, cgroup: cgroup)
        XCTAssertEqual(limited.memory?.limit, 512 * mib)
        XCTAssertEqual(limited.memorySource, cgroup.file)
        XCTAssertEqual(limited.service.budget, free.service.budget, "a limit never changes what the API admits")
        XCTAssertEqual(limited.service.renderMemoryBytes, limited.memory?.renderBytes)
        XCTAssertEqual(limited.warnings, [])
        let smaller = try ServeSettings.resolve(flags: ["memory-limit": String(400 * mib)], environment: [:], cores: 2).get()
        XCTAssertEqual(smaller.settled(by: plan, cgroup: cgroup).memory?.limit, 400 * mib)
        XCTAssertEqual(smaller.settled(by: plan, cgroup: cgroup).memorySource, "--memory-limit")
        let larger = try ServeSettings.resolve(flags: [:], environment: ["SPINNERD_MEMORY_LIMIT": String(2048 * mib)], cores: 2).get()
        XCTAssertEqual(larger.settled(by: plan, cgroup: cgroup).memory?.limit, 512 * mib, "the cgroup's is smaller")
        XCTAssertEqual(larger.settled(by: plan).memory?.limit, 2048 * mib)
        let asked = try ServeSettings.resolve(flags: ["cache-bytes": "1048576"], environment: [:], cores: 2).get()
        XCTAssertEqual(asked.settled(by: plan, cgroup: cgroup).service.cacheBytes, 1 << 20)
        XCTAssertEqual(asked.settled(by: plan).service.cacheBytes, 1 << 20)
        let many = plain.settled(by: DescriptorPlan(limit: 20_000, eventLoops: 2), cgroup: cgroup)
        XCTAssertEqual(many.server.maxConnections, 512 * mib / 8 / MemoryPlan.bytesPerConnection)
        XCTAssertEqual(many.server.maxConnectionsPerClient, min(256, max(8, many.server.maxConnections / 8)))
        let tight = plain.settled(by: plan, cgroup: CgroupMemoryLimit(bytes: 256 * mib, file: "f"))
        XCTAssertNotNil(tight.memory?.refusal)
        for refused in ["0", "-1", "12x"] {
            XCTAssertThrowsError(try ServeSettings.resolve(flags: ["memory-limit": refused], environment: [:], cores: 2).get())
        }
    }
}
