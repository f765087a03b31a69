import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// `quality` through the real server (issue 49): a lossy file decodes in the real
/// decoder, is smaller than the lossless one, and stays close to it (mean error against
/// the lossless frames, on white and on black); `quality=100` is the lossless URL (one
/// cache entry, one ETag); hostile values are problems naming the parameter.
final class LossyHTTPTests: XCTestCase {
    /// Mean absolute channel error (0–255) a lossy file at quality 80 may have against the
    /// lossless frames on a page of its colour (measured: 0.2–1.1 for APNG and WebP on
    /// the five kinds; a GIF, whose matte is the white page, 0.1–0.6 against the lossless
    /// GIF).
    static let meanErrorLimit = 2.0

    func testLossyFilesAreSmallerAndClose() throws {
        // Final encodes only (no provisional answers): the files the URLs keep.
        let server = try ServerProcess(["--provisional=false"])
        let client = try RawHTTPClient(port: server.port)
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases.map(\.rawValue) {
            for format in ["png", "gif", "apng", "webp"] {
                let label = "\(kind).\(format)"
                let exact = try client.get("/spinner/\(label)?size=48")
                let lossy = try client.get("/spinner/\(label)?size=48&quality=80")
                XCTAssertEqual(exact.status, 200, label)
                XCTAssertEqual(lossy.status, 200, "\(label): \(lossy.text.prefix(200))")
                // The tag follows the bytes: the same only where the exact colours coded shorter (a GIF keeps them then).
                XCTAssertEqual(lossy.header("ETag") == exact.header("ETag"), lossy.body == exact.body, label)
                let (exactPath, lossyPath) = (try directory.write(exact.body, to: "\(kind)-exact.\(format)"),
                                              try directory.write(lossy.body, to: "\(kind)-80.\(format)"))
                let (exactImage, lossyImage) = (try Decoders.inspect(exactPath), try Decoders.inspect(lossyPath))
                XCTAssertEqual(lossyImage.format, exactImage.format, label)
                XCTAssertEqual(lossyImage.width, 48, label)
                XCTAssertLessThanOrEqual(lossy.body.count, exact.body.count, "\(label): \(exact.body.count) → \(lossy.body.count)")
                for page in format == "gif" ? ["ffffff"] : ["ffffff", "000000"] {
                    let error = try Decoders.error(exactPath, lossyPath, background: page)
                    XCTAssertLessThanOrEqual(error.meanError, Self.meanErrorLimit, "\(label) on \(page)")
                    XCTAssertGreaterThan(error.frames, 0, label)
                }
            }
        }
    }

    func testQuality100IsTheLosslessURL() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        for format in ["png", "gif", "apng", "webp"] {
            let bare = try client.get("/spinner/dots.\(format)?size=40")
            let hitsBefore = try server.metricSamples("spinnerd_cache_hits_total").reduce(0, +)
            let lossless = try client.get("/spinner/dots.\(format)?size=40&quality=100")
            XCTAssertEqual(lossless.status, 200, format)
            XCTAssertEqual(lossless.header("ETag"), bare.header("ETag"), format)
            XCTAssertEqual(try server.metricSamples("spinnerd_cache_hits_total").reduce(0, +), hitsBefore + 1, format)
        }
    }

    func testHostileQualitiesAreProblemsNamingTheParameter() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let attacks = ["0", "101", "-1", "80.5", "1e9", "99999999999999999999", "", "80abc", "%00", "80%00", "%2B%2B80",
                       String(repeating: "9", count: 2000)]
        for value in attacks {
            for format in ["png", "webp"] {
                let response = try client.get("/spinner/arc.\(format)?quality=\(value)")
                XCTAssertEqual(response.status, 400, "quality=\(value.prefix(30)) (\(format))")
                XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
                XCTAssertTrue(response.text.contains("\"parameter\":\"quality\""), "quality=\(value.prefix(30)): \(response.text.prefix(300))")
            }
        }
        for path in ["/spinner/arc.svg?quality=80", "/spinner/arc.json?quality=80", "/spinner/arc.gif?quality=80&quality=80"] {
            let response = try client.get(path)
            XCTAssertEqual(response.status, 400, path)
            XCTAssertTrue(response.text.contains("\"parameter\":\"quality\""), "\(path): \(response.text.prefix(300))")
        }
        XCTAssertEqual(try client.get("/spinner/arc.gif?quality=80").status, 200, "still serving")
    }
}
