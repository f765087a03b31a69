import Foundation
import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// An APNG gets the strongest deflate for as many rows as keep its render under a second
/// (`RenderCostModel`), and the smaller file shows exactly the same frames.
final class StrongestDeflateTests: XCTestCase {
    private func apngRequest(_ kind: SpinnerKind, _ query: [(String, String)] = []) throws -> SpinnerRequest {
        try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: query)
    }

    /// The allowance of an APNG rendered ahead (a kind's defaults; the model prices any
    /// size so): every other URL gets the cold tiers, priced apart (`ColdCostTests`).
    func testAllowanceGrowsOnlyWhileTheEstimateStaysUnderASecond() throws {
        let renderer = SpinnerRenderer()
        var raised = 0
        for kind in SpinnerKind.allCases {
            let frames = try renderer.estimate(try apngRequest(kind)).frames
            for size in [16, 28, 40, 60, 80, 100, 128, 160, 200] {
                for filled in [false, true] {
                    let estimate = RenderCostModel.estimate(kind: kind, format: .apng, pixelSize: size, frames: frames,
                                                            filledBackground: filled, renderedAhead: true)
                    let label = "\(kind.rawValue) \(size) px filled=\(filled)"
                    guard case .ahead(let strongestBytes)? = estimate.apngDeflate else {
                        XCTAssertEqual(estimate.effort, .quick, label)
                        continue
                    }
                    XCTAssertGreaterThanOrEqual(strongestBytes, APNGEncoder.standardStrongestBytes, label)
                    guard strongestBytes > APNGEncoder.standardStrongestBytes else { continue }
                    raised += 1
                    XCTAssertLessThan(estimate.seconds, RenderCostModel.strongestDeflateWithinSeconds, label)
                }
            }
        }
        XCTAssertGreaterThan(raised, 10, "small renders should be allowed more of the strongest deflate")
        // The defaults people embed most are among them; a large render is not, and a URL
        // that is not a kind's defaults gets the cold tiers instead.
        guard case .ahead(let circular)? = try renderer.estimate(try apngRequest(.circular)).apngDeflate else {
            return XCTFail("circular's defaults are rendered ahead")
        }
        XCTAssertGreaterThan(circular, 1_000_000)
        let dots = try renderer.estimate(try apngRequest(.dots, [("size", "128")]))
        XCTAssertEqual(dots.apngDeflate, .cold)
        XCTAssertEqual(RenderCostModel.estimate(kind: .dots, format: .apng, pixelSize: 128, frames: dots.frames, filledBackground: false,
                                                renderedAhead: true).apngDeflate,
                       .ahead(strongestBytes: APNGEncoder.standardStrongestBytes))
    }

    func testDefaultCircularComesOutSmallerWithTheSameFrames() throws {
        let renderer = SpinnerRenderer()
        let request = try apngRequest(.circular)
        let standard = try APNGEncoder(loops: request.shared.loops).encode(try renderer.frames(request))
        let served = try renderer.render(request).bytes
        // Its ~990 000 bytes of rows pass the standard allowance: 2.3 % smaller measured.
        XCTAssertLessThan(Double(served.count), Double(standard.count) * 0.99, "served \(served.count), standard \(standard.count)")

        let directory = try TemporaryDirectory()
        var decoded: [[Data]] = []
        for (name, bytes) in [("standard", standard), ("served", served)] {
            let path = try directory.write(bytes, to: "\(name).apng")
            XCTAssertEqual(try ExternalTool.run("pngcheck", ["-q", path]).status, 0, name)
            let frames = directory.path("\(name)-frames")
            try Decoders.extractFrames(path, into: frames)
            let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
            // Pillow writes equal RGBA frames as equal PNG bytes.
            decoded.append(try names.map { try Data(contentsOf: URL(fileURLWithPath: frames + "/" + $0)) })
        }
        XCTAssertEqual(decoded[0].count, try renderer.estimate(request).frames)
        XCTAssertEqual(decoded[0], decoded[1], "the strongest deflate must not change a pixel")
    }
}
