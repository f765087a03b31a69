import ExactTime
import Foundation
import ImageCodecs
import SpinnerModel
import SpinnerRaster
import IntegrationSupport
import UnitSupport
import XCTest

/// Each kind at a quarter, half and three quarters of its loop, compared with reference
/// PNGs in `References/` by counting differing pixels. Run with `RECORD_REFERENCES=1`
/// (`make record-references`) to re-record them after an intended change, then look at them.
final class ReferenceImageTests: XCTestCase {
    /// A pixel differs when a channel is off by more than this (Cairo versions round edges differently).
    static let channelTolerance = 8
    /// Share of the pixels allowed to differ.
    static let allowedShare = 0.01

    static let referenceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
    static let recording = ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1"

    func testEveryKindMatchesItsReferencesAtThreeQuartersOfItsLoop() throws {
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases {
            let request = try SpinnerRequest.parse(kind: kind.rawValue, format: .png, query: [])
            let scene = kind.scene(for: request)
            let loop = try XCTUnwrap(scene.loopMilliseconds(limit: 60_000))
            let rasterizer = try SceneRasterizer(scene: scene, pixelSize: request.shared.size)
            for quarter in 1...3 {
                let name = "\(kind.rawValue)-q\(quarter).png"
                let image = rasterizer.render(at: Rational(Int64(loop * quarter), 4))
                let bytes = try PNGEncoder.encode(image)
                let reference = Self.referenceDirectory.appendingPathComponent(name)
                if Self.recording {
                    try Data(bytes).write(to: reference)
                    continue
                }
                XCTAssertTrue(FileManager.default.fileExists(atPath: reference.path), "missing \(name): run make record-references")
                let rendered = try directory.write(bytes, to: name)
                // Compared as seen on a white page: the colour of a nearly transparent pixel is
                // immaterial, only what it composites to.
                let difference = try Decoders.difference(rendered, reference.path, tolerance: Self.channelTolerance,
                                                         background: "ffffff")
                XCTAssertTrue(difference.sameSize, name)
                XCTAssertLessThanOrEqual(Double(difference.differing), Self.allowedShare * Double(image.width * image.height),
                                         "\(name): \(difference.differing) pixels differ (largest \(difference.largest))")
            }
        }
    }
}
