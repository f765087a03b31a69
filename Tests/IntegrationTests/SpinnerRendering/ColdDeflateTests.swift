import Foundation
import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// A URL not rendered ahead gets the quicker deflate tiers (`APNGDeflateTiers.cold`), a
/// kind's defaults the strongest; either way a viewer sees the same frames.
final class ColdDeflateTests: XCTestCase {
    func testOnlyAKindsDefaultsAreRenderedAhead() throws {
        for kind in SpinnerKind.allCases {
            XCTAssertTrue(try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: []).isRenderedAhead, kind.rawValue)
            XCTAssertFalse(try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: [(name: "theme", value: "dark")]).isRenderedAhead,
                           kind.rawValue)
            XCTAssertFalse(try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: [(name: "size", value: "61")]).isRenderedAhead,
                           kind.rawValue)
        }
    }

    /// Every tier of the cold set is reached by one of these (circular dark: level 9,
    /// capsules: level 10, arc: level 12), and each file shows the frames the strongest
    /// deflate's file shows.
    func testColdFilesShowTheFramesOfTheStrongest() throws {
        let renderer = SpinnerRenderer()
        let directory = try TemporaryDirectory()
        for kind in [SpinnerKind.circular, .capsules, .arc] {
            let request = try SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: [(name: "theme", value: "dark")])
            let cold = try renderer.render(request).bytes
            let frames = try renderer.frames(request)
            let strongest = try APNGEncoder(loops: request.shared.loops, deflate: .ahead(strongestBytes: .max)).encode(frames)
            var decoded: [[Data]] = []
            for (name, bytes) in [("cold", cold), ("strongest", strongest)] {
                let path = try directory.write(bytes, to: "\(kind.rawValue)-\(name).apng")
                XCTAssertEqual(try ExternalTool.run("pngcheck", ["-q", path]).status, 0, name)
                let folder = directory.path("\(kind.rawValue)-\(name)-frames")
                try Decoders.extractFrames(path, into: folder)
                let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                decoded.append(try names.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) })
            }
            XCTAssertEqual(decoded[0].count, try renderer.estimate(request).frames, kind.rawValue)
            XCTAssertEqual(decoded[0], decoded[1], "\(kind.rawValue): the cold tiers must not change a pixel")
            // The quicker tiers cost bytes, within what docs/formats.md's table shows (≤ 5 %).
            XCTAssertLessThanOrEqual(cold.count * 100, strongest.count * 106, "\(kind.rawValue): \(strongest.count) → \(cold.count)")
        }
    }
}
