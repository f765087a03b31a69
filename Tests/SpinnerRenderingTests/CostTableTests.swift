import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import XCTest

/// `RenderCostTable.swift` is written by `scripts/calibrate-render-cost.py write` alone,
/// and the model has no fallback: every cell an estimate can read must be there.
final class CostTableTests: XCTestCase {
    func testEveryFormatEffortAndKindHasARate() {
        for format in OutputFormat.allCases where !format.isVector {
            // Kinds are fields (a missing one does not compile); an effort may be absent.
            for effort in RenderCostModel.efforts(of: format) {
                XCTAssertNotNil(RenderCostModel.measured[format]?.rates(effort), "\(format) \(effort)")
            }
            for kind in SpinnerKind.allCases {
                let perFrame = RenderCostModel.measured[format]?.secondsPerFrame[kind] ?? -1
                XCTAssertGreaterThanOrEqual(perFrame, 0, "\(format) per frame \(kind)")
            }
        }
        // Cold APNGs (every URL but a kind's defaults) have thorough rates of their own, and
        // only those: quick effort compresses alike whatever the URL.
        XCTAssertNil(RenderCostModel.measured.apngCold.quick)
        for kind in SpinnerKind.allCases {
            XCTAssertGreaterThan(RenderCostModel.measured.apngCold.thorough[kind].transparent, 0, "cold APNG \(kind)")
            XCTAssertGreaterThanOrEqual(RenderCostModel.measured.apngCold.secondsPerFrame[kind], 0, "cold APNG per frame \(kind)")
        }
    }

    func testEffortIsThoroughForTheSizesPeopleUseAndQuickBeyond() {
        func effort(_ format: OutputFormat, size: Int, frames: Int) -> EncoderEffort {
            RenderCostModel.estimate(kind: .arc, format: format, pixelSize: size, frames: frames, filledBackground: false,
                                     renderedAhead: false).effort
        }
        XCTAssertEqual(effort(.gif, size: 56, frames: 30), .thorough)
        XCTAssertEqual(effort(.gif, size: 400, frames: 30), .quick, "past the pixel limit")
        XCTAssertEqual(effort(.png, size: 4000, frames: 1), .thorough, "a still is always thorough")
        XCTAssertEqual(effort(.webp, size: 100, frames: 30), .thorough)
        // Under the pixel limit, a render that would take longer than thoroughWithinSeconds
        // thorough is quick, so it is admitted like the larger sizes are (with the table of
        // 2026-12-02: activity at 1 800 small frames, whose per-frame work alone passes it);
        // whatever is thorough fits.
        var quickUnderTheLimit = 0
        for kind in SpinnerKind.allCases {
            for (format, renderedAhead) in [(OutputFormat.apng, false), (.apng, true), (.gif, false), (.webp, false)] {
                for frames in [12, 30, 45, 105, 180, 600, 1800] {
                    for size in stride(from: 8, through: 1024, by: 8) {
                        let estimate = RenderCostModel.estimate(kind: kind, format: format, pixelSize: size, frames: frames,
                                                                filledBackground: true, renderedAhead: renderedAhead)
                        let pixelFrames = size * size * frames
                        if pixelFrames > RenderCostModel.quickEffortPixelFrames {
                            XCTAssertEqual(estimate.effort, .quick, "\(kind) \(format) \(size) px × \(frames)")
                        } else if estimate.effort == .quick {
                            quickUnderTheLimit += 1
                        } else {
                            XCTAssertLessThanOrEqual(estimate.seconds, RenderCostModel.thoroughWithinSeconds,
                                                     "\(kind) \(format) \(size) px × \(frames) thorough")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(quickUnderTheLimit, 0, "no render under the pixel limit is too slow for thorough")
    }

    func testEveryKindAndFormatAdmitsEverySizeBelowAnAdmittedOne() throws {
        let renderer = SpinnerRenderer()
        for kind in SpinnerKind.allCases {
            for format in OutputFormat.allCases {
                let admitted = (8 ... 1024).map { size in
                    (try? renderer.estimate(SpinnerRequest.parse(kind: kind.rawValue, format: format,
                                                                 query: [(name: "size", value: String(size))]))) != nil
                }
                let largest = admitted.lastIndex(of: true) ?? -1
                XCTAssertFalse(admitted[0 ... max(0, largest)].contains(false),
                               "\(kind) \(format): a size below \(largest + 8) px is refused")
            }
        }
    }

    func testThePreparedRenderIsWhatIsDrawn() throws {
        let renderer = SpinnerRenderer()
        let request = try SpinnerRequest.parse(kind: "dots", format: .gif, query: [(name: "size", value: "250")])
        let prepared = try renderer.prepare(request)
        XCTAssertEqual(prepared.estimate.effort, .quick, "250 px × 180 frames is past the quick-effort limit")
        XCTAssertEqual(prepared.estimate, try renderer.estimate(request))
        XCTAssertEqual(try renderer.render(prepared).bytes, try renderer.render(request).bytes)
    }
}
