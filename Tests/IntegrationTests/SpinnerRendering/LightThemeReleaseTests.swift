import Foundation
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// The light theme is the seeds' look, and users' pages rely on it: every kind's light
/// output must stay what the last release served. SVG and PNG byte for byte; the
/// animations (GIF, APNG, WebP) frame for frame as a decoder shows them (Pillow:
/// composited frames and durations), and at most 2 % larger (the most a file may
/// grow for a quicker render), so an encoder may find another file for the same picture
/// but not change the picture. The record is
/// `Fixtures/light-release.json`; `RECORD_LIGHT_RELEASE=1` rewrites it from the current
/// build after an intended change (look at the pictures first).
final class LightThemeReleaseTests: XCTestCase {
    /// Every kind at its defaults, circular in every style, and the README's example.
    static let cases: [(name: String, kind: SpinnerKind, parameters: [(String, String)])] =
        SpinnerKind.allCases.map { ($0.rawValue, $0, []) }
        + CircularStyle.allCases.filter { $0 != .hierarchy }.map { ("circular-\($0.rawValue)", .circular, [("style", $0.rawValue)]) }
        + [("circular-readme", .circular, [("stroke", "15"), ("duration", "1"), ("style", "accent")])]

    static let formats: [OutputFormat] = [.svg, .png, .gif, .apng, .webp]

    /// The cases at a kind's defaults (rendered ahead by the service), as file names.
    static let defaultNames: Set<String> = Set(cases.filter { $0.parameters.isEmpty }.flatMap { entry in
        formats.map { "\(entry.name).\($0.rawValue)" }
    })

    private struct Digest: Codable, Equatable {
        let format: String
        let bytes: Int
        let frames: Int
        /// What a viewer sees: composited frames and durations.
        let digest: String
        /// The file's bytes.
        let sha256: String
    }

    private static let record = Repository.root.appendingPathComponent("Tests/IntegrationTests/SpinnerRendering/Fixtures/light-release.json")

    func testLightOutputIsWhatTheLastReleaseServed() throws {
        let directory = try TemporaryDirectory()
        var paths: [String] = [], names: [String] = []
        for entry in Self.cases {
            for format in Self.formats {
                let request = try SpinnerRequest.parse(kind: entry.kind.rawValue, format: format,
                                                       query: (entry.parameters + [("theme", "light")]).map { (name: $0.0, value: $0.1) })
                let name = "\(entry.name).\(format.rawValue)"
                paths.append(try directory.write(try SpinnerRenderer().render(request).bytes, to: name))
                names.append(name)
            }
        }
        // Pillow reads SVG as nothing: its digest is of the bytes alone.
        let rasters = paths.filter { !$0.hasSuffix(".svg") }
        let result = try ExternalTool.run("python3", Repository.imageTool + ["digest"] + rasters)
        XCTAssertEqual(result.status, 0, result.errorText)
        var decoded = Dictionary(uniqueKeysWithValues: zip(names.filter { !$0.hasSuffix(".svg") },
                                                           try JSONDecoder().decode([Digest].self, from: result.output)))
        for (name, path) in zip(names, paths) where name.hasSuffix(".svg") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let sha = try ExternalTool.run("sha256sum", [path]).outputText.prefix(64)
            decoded[name] = Digest(format: "SVG", bytes: bytes.count, frames: 0, digest: String(sha), sha256: String(sha))
        }

        if ProcessInfo.processInfo.environment["RECORD_LIGHT_RELEASE"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(decoded).write(to: Self.record)
            print("recorded \(decoded.count) light-theme outputs in \(Self.record.path)")
            return
        }
        let released = try JSONDecoder().decode([String: Digest].self, from: Data(contentsOf: Self.record))
        XCTAssertEqual(Set(released.keys), Set(decoded.keys), "the record lists other cases: re-record it")
        for name in names {
            guard let now = decoded[name], let then = released[name] else { continue }
            if name.hasSuffix(".svg") || name.hasSuffix(".png") {
                XCTAssertEqual(now.sha256, then.sha256, "\(name): light output changed (\(then.bytes) → \(now.bytes) bytes)")
            } else {
                XCTAssertEqual(now.digest, then.digest, "\(name): the frames a viewer sees changed")
                // A file may grow by at most 2 % of the release's for speed (docs/formats.md: WebP
                // at quality 50 is 0.3 % larger on arc and a third quicker on dots) — except an
                // APNG that is not a kind's defaults: its visitor waits for it, and its deflate
                // tiers were chosen by their trade-off table at up to 6 % ("APNG deflate for cold
                // renders": circular's styles measured +2.1 to +2.7 %).
                let allowed = name.hasSuffix(".apng") && !Self.defaultNames.contains(name) ? 106 : 102
                XCTAssertLessThanOrEqual(now.bytes * 100, then.bytes * allowed,
                                         "\(name): over \(allowed - 100) % larger than the last release (\(then.bytes) → \(now.bytes))")
            }
        }
    }
}
