import Foundation
import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import TestSupport
import XCTest

/// An APNG gets the strongest deflate for as many rows as keep its render under a second
/// (`RenderCostModel`), and the smaller file shows exactly the same frames.
final class StrongestDeflateTests: XCTestCase {
    private func apngRequest(_ kind: SpinnerKind, _ query: [(String, String)] = []) throws -> SpinnerRequest {
        try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: query)
    }

    func testAllowanceGrowsOnlyWhileTheEstimateStaysUnderASecond() throws {
        let renderer = SpinnerRenderer()
        var raised = 0
        for kind in SpinnerKind.allCases {
            for size in [16, 28, 40, 60, 80, 100, 128, 160, 200] {
                for background in ["transparent", "#33669980"] {
                    let request = try apngRequest(kind, [("size", "\(size)"), ("background", background)])
                    let estimate: RenderEstimate
                    do {
                        estimate = try renderer.estimate(request)
                    } catch .renderTooCostly {
                        continue  // large sizes past the budget
                    }
                    let label = "\(kind.rawValue) size=\(size) background=\(background)"
                    XCTAssertGreaterThanOrEqual(estimate.strongestDeflateBytes, APNGEncoder.standardStrongestBytes, label)
                    guard estimate.strongestDeflateBytes > APNGEncoder.standardStrongestBytes else { continue }
                    raised += 1
                    XCTAssertLessThan(estimate.seconds, RenderCostModel.strongestDeflateWithinSeconds, label)
                }
            }
        }
        XCTAssertGreaterThan(raised, 10, "small renders should be allowed more of the strongest deflate")
        // The defaults people embed most are among them; a large render is not.
        XCTAssertGreaterThan(try renderer.estimate(try apngRequest(.circular)).strongestDeflateBytes, 1_000_000)
        XCTAssertEqual(try renderer.estimate(try apngRequest(.dots, [("size", "128")])).strongestDeflateBytes,
                       APNGEncoder.standardStrongestBytes)
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
