import HTTPServer
@testable import SpinnerService
import XCTest

/// Every default `--help` and docs/operations.md state is the value `spinnerd serve` runs
/// with when nothing is given: giving the stated default explicitly changes nothing, on
/// machines of several sizes, and the defaults stated in words hold for each.
final class ServeDefaultsTests: XCTestCase {
    private static let coreCounts = [1, 2, 3, 4, 8, 64]

    /// What a server with these settings runs with (once settled on a machine of 4 096
    /// descriptors), as a text that shows every value (classes by their fields).
    private func described(_ settings: ServeSettings) -> String {
        let running = settings.settled(by: DescriptorPlan(limit: 4096, eventLoops: settings.eventLoops))
        var text = ""
        dump(running.server, to: &text)
        dump(running.admin, to: &text)
        dump(running.service, to: &text)
        dump(running.logLevel, to: &text)
        dump(running.logFormat, to: &text)
        return text
    }

    private func resolved(_ flags: [String: String], cores: Int) throws -> ServeSettings {
        try ServeSettings.resolve(flags: flags, environment: [:], cores: cores).get()
    }

    private func settled(_ flags: [String: String]) throws -> ServeConfiguration {
        try resolved(flags, cores: 2).settled(by: DescriptorPlan(limit: 4096, eventLoops: 2))
    }

    /// The stated defaults that depend on the machine, as each row words them: the value for `cores`.
    private static let wordedByCores: [String: @Sendable (Int) -> Int] = [
        "cores": { $0 },
        "min(2, cores)": { min(2, $0) },
        "cores / 2, at least 1": { max(1, $0 / 2) },
    ]

    func testGivingEachStatedDefaultChangesNothing() throws {
        var checked = 0
        for cores in Self.coreCounts {
            let plain = try resolved([:], cores: cores)
            for setting in ServeSetting.all {
                var text = setting.defaultText
                if let worded = Self.wordedByCores[text] { text = String(worded(cores)) }
                // A value with words after it (`67108864; under a memory limit, …`) states the value first.
                text = String(text.prefix { $0 != ";" })
                let flags: [String: String]
                switch text {
                case "on": flags = [setting.name: "true"]
                case "off": flags = [setting.name: setting.isSwitch ? "false" : "off"]
                case "none", "from the descriptor limit", "max-connections / 8, at least 8 and at most 256", "on, off in signed mode":
                    continue  // held by the tests below
                case "the cgroup's":
                    continue  // held by MemoryPlanTests and CgroupMemoryLimitTests
                default: flags = [setting.name: text]
                }
                let given = try resolved(flags, cores: cores)
                XCTAssertEqual(described(given), described(plain), "--\(setting.name) \(text) on \(cores) cores is not the default")
                checked += 1
            }
        }
        // Seven are held elsewhere (the `continue`s above): the three whose default is
        // `none` (--signing-key, --ready-file, --trusted-proxies), the two derived connection
        // limits, the gallery's signed-mode default and the cgroup's memory limit.
        XCTAssertGreaterThanOrEqual(checked, Self.coreCounts.count * (ServeSetting.all.count - 7))
    }

    /// The control: a value other than the default does change what `serve` runs with, so
    /// the comparison above can fail.
    func testADifferentValueIsSeen() throws {
        let plain = try resolved([:], cores: 2)
        XCTAssertNotEqual(described(try resolved(["render-queue": "65"], cores: 2)), described(plain))
        XCTAssertNotEqual(described(try resolved(["prerender": "false"], cores: 2)), described(plain))
    }

    func testTheDefaultsStatedInWordsHold() throws {
        let byName = Dictionary(uniqueKeysWithValues: ServeSetting.all.map { ($0.name, $0.defaultText) })
        XCTAssertEqual(byName["signing-key"], "none")
        XCTAssertNil(try resolved([:], cores: 2).signing)
        XCTAssertEqual(byName["trusted-proxies"], "none")
        XCTAssertEqual(try resolved([:], cores: 2).trustedProxies, .none)
        XCTAssertEqual(byName["gallery"], "on, off in signed mode")
        XCTAssertTrue(try settled([:]).service.gallery)
        XCTAssertFalse(try settled(["signing-key": String(repeating: "k", count: URLSigning.minimumKeyLength)]).service.gallery)
        XCTAssertTrue(try settled(["signing-key": String(repeating: "k", count: URLSigning.minimumKeyLength), "gallery": "true"]).service.gallery)
        XCTAssertEqual(byName["max-connections"], "from the descriptor limit")
        XCTAssertEqual(byName["max-connections-per-client"], "max-connections / 8, at least 8 and at most 256")
        for limit in [64, 512, 4096, 65_536] {
            let plan = DescriptorPlan(limit: limit, eventLoops: 2)
            let settled = try resolved([:], cores: 2).settled(by: plan).server
            XCTAssertEqual(settled.maxConnections, plan.connections, "descriptor limit \(limit)")
            XCTAssertEqual(settled.maxConnectionsPerClient, min(256, max(8, plan.connections / 8)), "descriptor limit \(limit)")
        }
        for (name, text) in byName where Self.wordedByCores[text] != nil {
            XCTAssertNotNil(ServeSetting.all.first { $0.name == name })
        }
    }
}
