import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// A drop shadow is never cut by the image's edge (issue 64, docs/paints.md "Shadows"):
/// `circular` draws its ring small enough that the ring and its furthest shadow stay a pixel
/// inside the box. The worst cases the grammar takes — the widest blur and the longest
/// offsets, a sharp shadow thrown far, the track's (which does not turn) and the puck's
/// (which does), a stroke of 30, a 16 px image — in every format and player: the outermost
/// ring of pixels of every frame is clear. Pillow reads the rasters' every frame, headless
/// Chromium draws the SVG, ThorVG, rlottie and lottie-web the Lottie document.
final class ShadowsInsideTheBoxTests: XCTestCase {
    static let worstCases = [
        "dropshadow=15,30,30",
        "dropshadow=0.01,30,-30",
        "trackdropshadow=0.01,-30,0",
        "trackdropshadow=15,0,-30&dropshadow=15,30,30&stroke=30",
        "dropshadow=6,0,4&size=240&color=systemBlue",
        "dropshadow=0.01,21,21&stroke=30&size=16",
    ]

    func testTheOutermostPixelsOfEveryFrameAreClearInEveryFormat() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port, timeout: 120)
        let directory = try TemporaryDirectory()
        var rasters: [(label: String, path: String)] = []
        var browserJobs: [[String: Any]] = []
        var playerJobs: [[String: Any]] = []
        for (index, query) in Self.worstCases.enumerated() {
            func fetch(_ format: String, _ extra: String = "") throws -> String {
                let target = "/spinner/circular.\(format)?\(query)\(extra)"
                let answer = try client.get(target)
                XCTAssertEqual(answer.status, 200, "\(target): \(answer.text.prefix(200))")
                return try directory.write(answer.body, to: "case\(index)\(extra.filter(\.isNumber)).\(format)")
            }
            for format in ["gif", "apng", "webp"] { rasters.append(("\(query) .\(format)", try fetch(format))) }
            // The still at four moments of the 3.5 s loop (the puck's shadow turns with it).
            let moments = [0, 875, 1750, 2625]
            let stills = try moments.map { try fetch("png", "&t=\(Double($0) / 1000)") }
            rasters += stills.map { ("\(query) .png", $0) }
            let size = query.contains("size=240") ? 240 : query.contains("size=16") ? 16 : Int(CircularSpinner.naturalSize)
            let shots = directory.path("shots\(index)")
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
            browserJobs.append(["type": "seek", "svg": try fetch("svg"), "size": size, "times": moments, "pngs": stills, "out": shots])
            // The document's frames at the same moments and between them (60 fps, op 210).
            playerJobs.append(["type": "edges", "lottie": try fetch("json"), "px": size, "frames": (0 ..< 8).map { Double($0) * 210 / 8 }])
        }
        // The control: the plain ring touches the box, so the check sees an edge that is not clear.
        let plain = try directory.write(try client.get("/spinner/circular.png").body, to: "plain.png")
        let edges = try Decoders.edges(rasters.map(\.path) + [plain])
        XCTAssertGreaterThan(try XCTUnwrap(edges.last).largestEdgeAlpha, 0, "the control: a plain ring reaches the edge")
        for (raster, edge) in zip(rasters, edges) {
            XCTAssertGreaterThan(edge.frames, 0, raster.label)
            XCTAssertEqual(edge.largestEdgeAlpha, 0, "\(raster.label): a shadow reaches the image's edge")
        }
        // Per time, the screenshot of the SVG paused there (svg_seek.py).
        let seeks = try Browser.script.results(browserJobs, in: directory)
        XCTAssertEqual(seeks.count, Self.worstCases.count)
        let screenshots = try seeks.flatMap { try $0.asElements.map { try $0.screenshot.asString } }
        XCTAssertEqual(screenshots.count, Self.worstCases.count * 4)
        for (shot, edge) in zip(screenshots, try Decoders.edges(screenshots)) {
            XCTAssertEqual(edge.largestEdgeAlpha, 0, "SVG in Chromium: a shadow reaches the edge (\(shot))")
        }
        // Per player, {frames, largestEdgeAlpha} (lottie.py, "edges").
        let played = try LottiePlayers.script.results(playerJobs, in: directory)
        for (query, result) in zip(Self.worstCases, played) {
            XCTAssertEqual(try result.lottieWebProblems.asStrings, [], query)
            for player in ["thorvg", "rlottie", "lottieWebSVG"] {
                XCTAssertEqual(try result[player].frames.asInt, 8, "\(query) in \(player)")
                XCTAssertEqual(try result[player].largestEdgeAlpha.asInt, 0, "\(query) in \(player): a shadow reaches the edge")
            }
        }
    }
}
