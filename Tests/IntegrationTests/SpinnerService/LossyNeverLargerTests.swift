import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// A `quality` URL is never larger than the file it stands in for (issue 64): its first
/// answer, provisional or final, is no larger than the kept lossless file of the same URL
/// without `quality`, and its final file no larger than its first answer. Every kind and
/// raster format at its defaults, at qualities 50, 80 and 95, through the real server with
/// provisional answers on (`dots.webp?quality=80` first answered 193 988 B against the
/// kept lossless 186 414 B; dots' APNG at quality 50 was 124 267 B first, 124 752 B final).
/// The APNGs are asked in the dark theme: a kind's default APNG is kept compressed by
/// zopfli, about 80 s of one core for the five (47 for dots'), where any other APNG is kept
/// with the strongest deflate its cost allows — the larger file, so the weaker bound (at
/// the defaults, measured by hand, every first APNG answer was at most 0.75 of zopfli's).
final class LossyNeverLargerTests: XCTestCase {
    static let qualities = [50, 80, 95]
    static let formats = ["png", "gif", "apng", "webp"]
    static let immutable = "public, max-age=31536000, immutable"

    func testAQualityURLIsNeverLargerThanTheLosslessFileNorItsFinalThanItsFirst() throws {
        let server = try ServerProcess(["--provisional"])
        let client = try RawHTTPClient(port: server.port, timeout: 120)
        var first: [String: Int] = [:]
        var provisional = 0
        // The first answers, asked before any final encode of a quality URL exists.
        for kind in SpinnerKind.allCases {
            for format in Self.formats {
                for quality in Self.qualities {
                    let target = Self.target(kind, format, quality: quality)
                    let answer = try client.get(target)
                    XCTAssertEqual(answer.status, 200, "\(target): \(answer.text.prefix(200))")
                    first[target] = answer.body.count
                    if answer.header("Cache-Control") != Self.immutable { provisional += 1 }
                }
            }
        }
        XCTAssertGreaterThan(provisional, 0, "some first answers were provisional (the case the rule is about)")
        var rows: [String] = []
        var savingsAt80: [Double] = []  // per cent of the lossless file's bytes
        for kind in SpinnerKind.allCases {
            for format in Self.formats {
                let lossless = try kept(Self.target(kind, format), client)
                for quality in Self.qualities {
                    let target = Self.target(kind, format, quality: quality)
                    let firstBytes = try XCTUnwrap(first[target])
                    let final = try kept(target, client)
                    rows.append("\(target): lossless \(lossless), first \(firstBytes), final \(final)")
                    if quality == 80 { savingsAt80.append(100 * (1 - Double(final) / Double(lossless))) }
                    XCTAssertLessThanOrEqual(firstBytes, lossless, "\(target): the first answer is larger than the kept lossless file")
                    XCTAssertLessThanOrEqual(final, firstBytes, "\(target): the final file is larger than the first answer")
                }
            }
        }
        XCTAssertEqual(rows.count, SpinnerKind.allCases.count * Self.formats.count * Self.qualities.count)
        print(rows.joined(separator: "\n"))
        // The savings the catalog (and so `spinnerd kinds`) and the README quote are these.
        let (least, most) = (try XCTUnwrap(savingsAt80.min()), try XCTUnwrap(savingsAt80.max()))
        let catalog = try client.get("/spinners").text
        let quoted = try XCTUnwrap(catalog.firstMatch(of: /shrink by (\d+) % to (\d+) %/), "the catalog quotes the savings at 80")
        let (low, high) = (try XCTUnwrap(Double(quoted.1)), try XCTUnwrap(Double(quoted.2)))
        XCTAssertEqual(low, least, accuracy: 3, "the least saving at quality 80 measured \(least) %, quoted \(low) %")
        XCTAssertEqual(high, most, accuracy: 4, "the most saving at quality 80 measured \(most) %, quoted \(high) %")
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("shrink by \(quoted.1) % to \(quoted.2) %"), "the README quotes the catalog's savings")
    }

    /// `kind`'s URL in `format` at its defaults (an APNG in the dark theme), with `quality`.
    static func target(_ kind: SpinnerKind, _ format: String, quality: Int? = nil) -> String {
        let query = (format == "apng" ? ["theme=dark"] : []) + (quality.map { ["quality=\($0)"] } ?? [])
        return "/spinner/\(kind.rawValue).\(format)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The length of `target`'s kept (final) file: asked until it is answered `immutable`.
    private func kept(_ target: String, _ client: RawHTTPClient) throws -> Int {
        var length = -1
        let final = try waitUntil(seconds: 600, every: 0.1) {
            let answer = try client.get(target)
            guard answer.status == 200, answer.header("Cache-Control") == Self.immutable else { return false }
            length = answer.body.count
            return true
        }
        XCTAssertTrue(final, "\(target) was not answered with its final file within 600 s")
        return length
    }
}
