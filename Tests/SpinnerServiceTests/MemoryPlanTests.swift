import HTTPServer
import SpinnerModel
@testable import SpinnerService
import XCTest

/// Under a memory limit (a container's cgroup), `spinnerd serve` shares it out so that the
/// process at its worst fits: the fixed parts first, a quarter of the rest for the cache (at
/// most its default), the remainder split between the render threads (at most 240 MiB each).
final class MemoryPlanTests: XCTestCase {
    private let mib = 1 << 20

    /// The Kubernetes manifest's 1 GiB on two cores (3 render threads, 799 connections at
    /// 1 024 descriptors) leaves the defaults as they are.
    func testTheManifestsLimitKeepsTheDefaults() {
        let plan = MemoryPlan(limit: 1024 * mib, renderThreads: 3, connections: 799, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertEqual(plan.cacheBytes, 64 * mib)
        XCTAssertEqual(plan.maxRenderBytes, RenderBudget.standard.maxRenderBytes)
        XCTAssertTrue(plan.rendersFit)
        XCTAssertLessThanOrEqual(plan.fixedBytes + plan.cacheBytes + 3 * (plan.maxRenderBytes - MemoryPlan.processBytes), plan.limit)
    }

    /// Half of it: the cache keeps its default, each render thread gets a third of the rest,
    /// and the worst case (every thread at its bound) still fits.
    func testHalfTheLimitSharesTheRestBetweenTheRenderThreads() {
        let plan = MemoryPlan(limit: 512 * mib, renderThreads: 3, connections: 799, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertEqual(plan.cacheBytes, 64 * mib)
        XCTAssertLessThan(plan.maxRenderBytes, RenderBudget.standard.maxRenderBytes)
        XCTAssertTrue(plan.rendersFit, "\(plan.maxRenderBytes >> 20) MiB")
        XCTAssertLessThanOrEqual(plan.fixedBytes + plan.cacheBytes + 3 * (plan.maxRenderBytes - MemoryPlan.processBytes), plan.limit)
    }

    /// A small limit shrinks the cache to a quarter of what the fixed parts leave and says
    /// when a render thread's share cannot hold a default image; a cache asked for is kept.
    func testASmallLimitShrinksTheCacheAndSaysWhenRendersDoNotFit() {
        let small = MemoryPlan(limit: 300 * mib, renderThreads: 3, connections: 799, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertEqual(small.cacheBytes, (300 * mib - small.fixedBytes) / 4)
        XCTAssertFalse(small.rendersFit)
        let asked = MemoryPlan(limit: 300 * mib, renderThreads: 3, connections: 799, finalEncodes: 2, askedCacheBytes: 8 * mib)
        XCTAssertEqual(asked.cacheBytes, 8 * mib)
        XCTAssertGreaterThan(asked.maxRenderBytes, small.maxRenderBytes)
        let none = MemoryPlan(limit: 10 * mib, renderThreads: 3, connections: 799, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertEqual(none.cacheBytes, 0)
        XCTAssertEqual(none.maxRenderBytes, MemoryPlan.processBytes)
    }

    /// A container with a high descriptor limit (16 384 connections) keeps connections to an
    /// eighth of the limit at their worst, so that the cache and renders still fit;
    /// connections asked for are kept and counted in full.
    func testConnectionsAreKeptToAnEighthOfTheLimit() {
        let plan = MemoryPlan(limit: 1024 * mib, renderThreads: 3, connections: 16_384, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertEqual(plan.connections, 1024 * mib / 8 / MemoryPlan.bytesPerConnection)
        XCTAssertEqual(plan.cacheBytes, 64 * mib)
        XCTAssertEqual(plan.maxRenderBytes, RenderBudget.standard.maxRenderBytes)
        let half = MemoryPlan(limit: 512 * mib, renderThreads: 3, connections: 16_384, finalEncodes: 2, askedCacheBytes: nil)
        XCTAssertTrue(half.rendersFit, "\(half.maxRenderBytes >> 20) MiB")
        XCTAssertLessThanOrEqual(half.fixedBytes + half.cacheBytes + 3 * (half.maxRenderBytes - MemoryPlan.processBytes), half.limit)
        let asked = MemoryPlan(limit: 512 * mib, renderThreads: 3, connections: 16_384, connectionsAsked: true, finalEncodes: 2,
                               askedCacheBytes: nil)
        XCTAssertEqual(asked.connections, 16_384)
        XCTAssertFalse(asked.rendersFit)
    }

    /// cgroup v2's `memory.max` first, then v1's `memory.limit_in_bytes`; "max" and v1's
    /// near-2^63 "unlimited" are no limit.
    func testTheLimitIsReadFromEitherCgroupVersion() {
        let v2 = "/sys/fs/cgroup/memory.max", v1 = "/sys/fs/cgroup/memory/memory.limit_in_bytes"
        XCTAssertEqual(MemoryPlan.cgroupLimit { $0 == v2 ? "536870912\n" : nil }, 512 * mib)
        XCTAssertNil(MemoryPlan.cgroupLimit { $0 == v2 ? "max\n" : "536870912\n" })
        XCTAssertEqual(MemoryPlan.cgroupLimit { $0 == v1 ? "1073741824\n" : nil }, 1024 * mib)
        XCTAssertNil(MemoryPlan.cgroupLimit { $0 == v1 ? "9223372036854771712\n" : nil })
        XCTAssertNil(MemoryPlan.cgroupLimit { _ in nil })
        XCTAssertNil(MemoryPlan.cgroupLimit { _ in "garbage" })
    }

    /// `serve` applies the plan: the budget's memory bound and the cache follow the limit,
    /// unless `--cache-bytes` was given; without a limit nothing changes.
    func testServeSettingsFollowTheLimit() throws {
        let plan = DescriptorPlan(limit: 1024, eventLoops: 2)
        let plain = try ServeSettings.resolve(flags: [:], environment: [:], cores: 2).get()
        let free = plain.settled(by: plan).settings
        XCTAssertEqual(free.service.cacheBytes, 64 * mib)
        XCTAssertEqual(free.service.budget.maxRenderBytes, RenderBudget.standard.maxRenderBytes)
        XCTAssertNil(free.memory)
        let (limited, warnings) = plain.settled(by: plan, memoryLimit: 512 * mib)
        XCTAssertEqual(limited.memory?.limit, 512 * mib)
        XCTAssertEqual(limited.service.budget.maxRenderBytes, limited.memory?.maxRenderBytes)
        XCTAssertLessThan(limited.service.budget.maxRenderBytes, RenderBudget.standard.maxRenderBytes)
        XCTAssertEqual(warnings, [])
        let asked = try ServeSettings.resolve(flags: ["cache-bytes": "1048576"], environment: [:], cores: 2).get()
        XCTAssertEqual(asked.settled(by: plan, memoryLimit: 512 * mib).settings.service.cacheBytes, 1 << 20)
        XCTAssertEqual(asked.settled(by: plan).settings.service.cacheBytes, 1 << 20)
        let many = plain.settled(by: DescriptorPlan(limit: 20_000, eventLoops: 2), memoryLimit: 512 * mib).settings
        XCTAssertEqual(many.server.maxConnections, 512 * mib / 8 / MemoryPlan.bytesPerConnection)
        XCTAssertEqual(many.server.maxConnectionsPerClient, min(256, max(8, many.server.maxConnections / 8)))
        let tight = plain.settled(by: plan, memoryLimit: 256 * mib)
        XCTAssertEqual(tight.warnings.count, 1)
        XCTAssertTrue(tight.warnings[0].contains("memory limit (256 MiB)"), tight.warnings[0])
    }
}
