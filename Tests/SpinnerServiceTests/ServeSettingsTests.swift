import HTTPServer
import Foundation
import SpinnerModel
@testable import SpinnerService
import UnitSupport
import XCTest

/// `spinnerd serve`'s settings come from one table (`ServeSetting.all`): flags and
/// variables go through the same rows, so a bad value is refused alike; docs/operations.md's
/// table and `--help` are made from it, and `render`/`cost` read the budget through it.
final class ServeSettingsTests: XCTestCase {
    private static let page = Repository.root.appendingPathComponent("docs/operations.md")
    private static let start = "<!-- settings: generated from ServeSetting.all (make settings-table); a test fails when it is stale -->"
    private static let end = "<!-- end of settings -->"

    /// docs/operations.md lists every setting as the table states it. `RECORD_SETTINGS=1`
    /// rewrites the page's table (`make settings-table`).
    func testTheOperationsPageListsEverySettingAsTheTableStatesIt() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let from = try XCTUnwrap(text.range(of: Self.start), "docs/operations.md lacks the settings marker")
        let to = try XCTUnwrap(text.range(of: Self.end, range: from.upperBound ..< text.endIndex))
        let generated = "\n" + ServeSetting.markdownTable + "\n"
        if ProcessInfo.processInfo.environment["RECORD_SETTINGS"] == "1" {
            try (text[..<from.upperBound] + generated + text[to.lowerBound...]).write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(String(text[from.upperBound ..< to.lowerBound]), generated, "docs/operations.md is stale: run make settings-table")
    }

    func testEverySettingHasItsOwnFlagAndVariable() {
        let names = ServeSetting.all.map(\.name), variables = ServeSetting.all.map(\.variable)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(Set(variables).count, variables.count)
        XCTAssertTrue(variables.allSatisfy { $0.hasPrefix("SPINNERD_") || $0 == "PORT" || $0 == "HOST" }, "\(variables)")
        let usage = ServeSetting.usageFlags().joined(separator: " ")
        for name in names { XCTAssertTrue(usage.contains("[--\(name)"), name) }
    }

    private func resolve(_ flags: [String: String] = [:], _ environment: [String: String] = [:]) -> Result<ServeSettings, SettingError> {
        ServeSettings.resolve(flags: flags, environment: environment, cores: 4)
    }

    private func refusal(_ flags: [String: String] = [:], _ environment: [String: String] = [:]) -> String? {
        guard case .failure(let error) = resolve(flags, environment) else { return nil }
        return error.message
    }

    func testAFlagOverridesItsVariableAndEitherIsCheckedAlike() throws {
        XCTAssertEqual(try resolve([:], ["SPINNERD_WORKERS": "3"]).get().lanes.quickWorkers, 3)
        XCTAssertEqual(try resolve(["workers": "5"], ["SPINNERD_WORKERS": "3"]).get().lanes.quickWorkers, 5)
        XCTAssertEqual(try resolve().get().lanes.quickWorkers, 4, "a thread a core by default")
        XCTAssertEqual(try resolve(["render-timeout": "2.5"]).get().renderTimeout, .milliseconds(2_500))
        XCTAssertEqual(refusal(["workers": "0"]), "--workers must be 1…256")
        XCTAssertEqual(refusal([:], ["SPINNERD_WORKERS": "0"]), "SPINNERD_WORKERS=0: --workers must be 1…256")
        XCTAssertEqual(refusal([:], ["SPINNERD_ERROR_MAX_AGE": "forever"]), "SPINNERD_ERROR_MAX_AGE=forever: --error-max-age must be 0…86400 seconds")
        XCTAssertEqual(refusal(["colour": "red"]), "unknown option --colour")
        XCTAssertEqual(try resolve(["gallery": "false"]).get().gallery, false)
        XCTAssertNil(try resolve().get().gallery, "the gallery is settled by the signing keys when not asked")
        XCTAssertNotNil(try resolve([:], ["SPINNERD_SIGNING_KEY": "a signing key of enough bytes"]).get().signing)
        XCTAssertEqual(try resolve([:], ["SPINNERD_PRERENDER": "no"]).get().prerender, false)
        XCTAssertEqual(try resolve().get().provisional, true, "provisional answers by default")
        XCTAssertEqual(try resolve(["provisional": "false"]).get().provisional, false)
        XCTAssertEqual(try resolve().get().finalQueue, 256)
        XCTAssertEqual(try resolve([:], ["SPINNERD_FINAL_QUEUE": "16"]).get().finalQueue, 16)
        for refused in ["0", "-1", "100001", "many", "1e3", ""] {
            XCTAssertEqual(refusal(["final-queue": refused]), "--final-queue must be 1…100000", refused)
        }
        XCTAssertEqual(try resolve([:], ["SPINNERD_LOG_FORMAT": "json"]).get().logFormat, .json)
        for refused in ["JSON", "xml", "text ", "jsonl"] {
            XCTAssertEqual(refusal(["log-format": refused]), "--log-format must be text or json", refused)
        }
        XCTAssertEqual(try resolve(["trusted-proxies": "10.0.0.0/8,192.168.0.1"]).get().trustedProxies,
                       TrustedProxies(list: "10.0.0.0/8,192.168.0.1"))
        for refused in ["10.0.0.0/33", "localhost", "10.0.0.0/8,", "fe80::/10", "1.2.3.4/8 "] {
            XCTAssertEqual(refusal(["trusted-proxies": refused]),
                           "--trusted-proxies must be IPv4 addresses or networks (10.0.0.0/8), comma-separated", refused)
        }
    }

    /// Byte counts as Kubernetes and podman write them: `512Mi` and `1Gi` (powers of 1 024),
    /// `500M` and `1G` (powers of 1 000), `512m` and `1g` (podman's and Docker's, powers of
    /// 1 024); anything else is refused with the forms it takes.
    func testByteCountsTakeTheUnitsOperatorsWrite() throws {
        let cases: [(String, Int)] = [("1073741824", 1 << 30), ("1Gi", 1 << 30), ("512Mi", 512 << 20), ("64Ki", 64 << 10),
                                      ("1.5Gi", 3 << 29), ("1G", 1_000_000_000), ("500M", 500_000_000), ("2k", 2_000), ("2K", 2_000),
                                      ("512m", 512 << 20), ("1g", 1 << 30), ("4096b", 4096)]
        for (text, bytes) in cases {
            XCTAssertEqual(try resolve(["memory-limit": text]).get().memoryLimit, bytes, text)
            XCTAssertEqual(try resolve([:], ["SPINNERD_MEMORY_LIMIT": text]).get().memoryLimit, bytes, text)
        }
        XCTAssertEqual(try resolve(["cache-bytes": "96Mi"]).get().cacheBytes, 96 << 20)
        for refused in ["0", "-1Gi", "1Gb", "1 Gi", "Gi", "1e3Mi", "1..5Gi", "nanGi", "1Zi", "1Ei", "+1Gi", "1GiB", "0x10Mi",
                        String(repeating: "9", count: 30) + "Gi", "2048Pi"] {
            XCTAssertEqual(refusal(["memory-limit": refused]), "--memory-limit must be a byte count (1…2^50; 1Gi, 512Mi, 1G, 512m)", refused)
        }
    }

    func testTheBackgroundShareIsCoresOrOff() throws {
        XCTAssertNil(try resolve().get().backgroundCPU, "no bound by default")
        XCTAssertEqual(try resolve([:], ["SPINNERD_BACKGROUND_CPU": "0.25"]).get().backgroundCPU, 0.25)
        XCTAssertEqual(try resolve(["background-cpu": "2"]).get().backgroundCPU, 2)
        XCTAssertNil(try resolve(["background-cpu": "off"]).get().backgroundCPU)
        XCTAssertEqual(try resolve(["background-cpu": "0.5"]).get().settled(by: DescriptorPlan(limit: 4096, eventLoops: 2)).service
            .backgroundCores, 0.5)
        for refused in ["0", "0.01", "65", "-1", "nan", "inf", "1e-1", "quarter", ""] where !refused.isEmpty {
            XCTAssertEqual(refusal(["background-cpu": refused]), "--background-cpu must be cores (0.05…64) or off", refused)
        }
    }

    /// `render` and `cost` take the budget from the same rows: a value `serve` refuses is
    /// refused there too (it was ignored before).
    func testTheBudgetFromTheEnvironmentIsCheckedAsServeChecksIt() throws {
        XCTAssertEqual(try ServeSetting.budget(environment: [:]).get(), .standard)
        XCTAssertEqual(try ServeSetting.budget(environment: ["SPINNERD_MAX_FRAMES": "900"]).get().maxFrames, 900)
        XCTAssertEqual(ServeSetting.budget(environment: ["SPINNERD_MAX_FRAMES": "lots"]),
                       .failure(SettingError("SPINNERD_MAX_FRAMES=lots: --max-frames must be positive (at most 100000)")))
        XCTAssertEqual(ServeSetting.budget(environment: ["SPINNERD_MAX_RENDER_SECONDS": "-1"]),
                       .failure(SettingError("SPINNERD_MAX_RENDER_SECONDS=-1: --max-render-seconds must be seconds (more than 0, at most 3600)")))
    }
}
