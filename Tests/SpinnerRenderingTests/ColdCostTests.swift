import Foundation
import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import UnitSupport
import XCTest

/// An APNG that is not a kind's defaults is priced by the cold deflate tiers it gets
/// (`APNGDeflateTiers.cold`, `MeasuredCosts.apngCold`), not by the strongest deflate; a
/// kind's defaults, rendered ahead, keep the strongest deflate's allowance and pricing.
final class ColdCostTests: XCTestCase {
    private func apng(_ kind: SpinnerKind, _ query: [(String, String)] = []) throws -> SpinnerRequest {
        try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: query.map { (name: $0.0, value: $0.1) })
    }

    /// The cold probes of the committed calibration runs (`calibrate-render-cost.py
    /// measure` keeps each one's CPU seconds and peak, median of 3 renders of the release
    /// binary): the model's estimates stay above them. Estimates against committed
    /// measurements, no clock read here.
    func testColdEstimatesStayAboveTheMeasuredRendersOfTheCommittedRuns() throws {
        let folder = Repository.root.appendingPathComponent("scripts/calibration")
        let runs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let renderer = SpinnerRenderer()
        var checked = 0
        for name in runs {
            let run = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
            for probe in run?["coldProbes"] as? [[String: Any]] ?? [] {
                let kind = try XCTUnwrap(probe["kind"] as? String, name)
                let params = try XCTUnwrap(probe["params"] as? [String], name)
                let cpuSeconds = try XCTUnwrap(probe["cpuSeconds"] as? Double, name)
                let peakMiB = try XCTUnwrap(probe["peakMiB"] as? Double, name)
                let query = params.map { word in
                    let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                    return (name: parts[0], value: parts.count > 1 ? parts[1] : "")
                }
                let request = try SpinnerRequest.parse(kind: kind, format: nil, query: query)
                let label = "\(name): \(kind) \(params.joined(separator: " "))"
                XCTAssertFalse(request.isRenderedAhead, label)
                let estimate = try renderer.estimate(request)
                XCTAssertEqual(estimate.apngDeflate, .cold, label)
                XCTAssertGreaterThanOrEqual(estimate.seconds, cpuSeconds, "\(label): estimated \(estimate.seconds) s")
                XCTAssertGreaterThanOrEqual(Double(estimate.peakBytes) / 1_048_576, peakMiB, "\(label): peak")
                checked += 1
            }
        }
        // 2026-12-02-apng-cold.json: 50 probes, five kinds × dark and color=ff3b30 × 40–400 px × scales 1–2.
        XCTAssertGreaterThanOrEqual(checked, 40, "the committed runs keep the cold probes")
    }

    /// Where an APNG's rows can pass a million bytes (the level-12 allowance then prices at
    /// least 400 000 of them), the cold estimate is lower than the strongest deflate's
    /// pricing of the same frames, at each kind's frames at its default duration and at
    /// 60 fps. (Below, the strongest deflate's pricing leaves its first 600 000 bytes to
    /// the measured rates, which hold zlib's level 9: no lower bound to compare with. Nor
    /// where hundreds of tiny frames make the per-frame part, alike in both, most of it:
    /// activity at 600 frames of 24 px is within 3 %.)
    func testColdIsPricedBelowTheStrongestDeflateWhereRowsCanPassAMillionBytes() throws {
        var compared = 0
        for kind in SpinnerKind.allCases {
            let paced = kind == .activity ? [] : [try SpinnerRenderer().estimate(try apng(kind, [("fps", "60")])).frames]
            for frames in [try SpinnerRenderer().estimate(try apng(kind)).frames] + paced {
                for size in stride(from: 8, through: 512, by: 8) {
                    for filled in [false, true] {
                        func estimate(ahead: Bool) -> RenderEstimate {
                            RenderCostModel.estimate(kind: kind, format: .apng, pixelSize: size, frames: frames, filledBackground: filled,
                                                     renderedAhead: ahead)
                        }
                        let (cold, ahead) = (estimate(ahead: false), estimate(ahead: true))
                        let label = "\(kind) \(size) px × \(frames) filled=\(filled)"
                        if cold.effort == .quick && ahead.effort == .quick {
                            // Quick effort reads no tiers: one price whatever the URL.
                            XCTAssertEqual(cold.seconds, ahead.seconds, label)
                            XCTAssertEqual(cold.apngDeflate, .quick, label)
                            continue
                        }
                        // Thorough at level 12 past `thoroughWithinSeconds` may still be thorough cold; never the reverse.
                        XCTAssertEqual(cold.effort, .thorough, label)
                        guard ahead.effort == .thorough else { continue }
                        XCTAssertEqual(cold.apngDeflate, .cold, label)
                        XCTAssertEqual(cold.peakBytes, ahead.peakBytes, "\(label): the same frames held")
                        guard cold.rowBytesAtMost > 1_000_000 else { continue }
                        XCTAssertLessThan(cold.seconds, ahead.seconds, label)
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// The cold tiers add at most their slowest tier's work: each tier up to its limit at
    /// its speed, so never more than 300 000 bytes at level 12's.
    func testTheColdTiersAddTheirSlowestTierAtMost() throws {
        let level12 = try XCTUnwrap(RenderCostModel.coldTierBytesPerSecond[12])
        let level10 = try XCTUnwrap(RenderCostModel.coldTierBytesPerSecond[10])
        XCTAssertEqual(RenderCostModel.coldTierSeconds(rowsAtMost: 0), 0)
        XCTAssertEqual(RenderCostModel.coldTierSeconds(rowsAtMost: 150_000), 150_000 / level12, accuracy: 1e-12)
        let slowest = max(300_000 / level12, 700_000 / level10)
        XCTAssertEqual(RenderCostModel.coldTierSeconds(rowsAtMost: 50_000_000), slowest, accuracy: 1e-12)
        XCTAssertLessThan(slowest, 0.15, "the tiers keep a cold deflate near 100 ms of one core")
        XCTAssertEqual(RenderCostModel.coldLibdeflateLevels(rowsAtMost: 300_000), [12])
        XCTAssertEqual(RenderCostModel.coldLibdeflateLevels(rowsAtMost: 700_000), [12, 10])
        XCTAssertEqual(RenderCostModel.coldLibdeflateLevels(rowsAtMost: 700_001), [12, 10, 9])
    }

    /// The kinds' defaults are rendered ahead with the strongest deflate the cost allows:
    /// their allowances (which decide their bytes) and estimates are what they were before
    /// cold APNGs were priced apart (`spinnerd cost` on 3eee658 and after), and the same
    /// frames anywhere else are cold.
    func testAKindsDefaultsKeepTheirAllowanceAndEstimate() throws {
        let before: [SpinnerKind: (strongestBytes: Int, seconds: Double)] = [
            .circular: (1_290_857, 0.6), .dots: (887_816, 0.6), .capsules: (1_018_676, 0.6),
            .arc: (1_425_848, 0.049), .activity: (1_466_212, 0.023),
        ]
        let renderer = SpinnerRenderer()
        for (kind, expected) in before {
            let defaults = try apng(kind)
            XCTAssertTrue(defaults.isRenderedAhead, kind.rawValue)
            let estimate = try renderer.estimate(defaults)
            XCTAssertEqual(estimate.apngDeflate, .ahead(strongestBytes: expected.strongestBytes), kind.rawValue)
            XCTAssertEqual(estimate.seconds, expected.seconds, accuracy: 0.0005, kind.rawValue)
            let dark = try renderer.estimate(try apng(kind, [("theme", "dark")]))
            XCTAssertEqual(dark.apngDeflate, .cold, kind.rawValue)
            XCTAssertEqual(dark.pixelFrames, estimate.pixelFrames, kind.rawValue)
        }
    }
}
