import ImageCodecs
import SpinnerModel
@testable import SpinnerRendering
import XCTest

/// A final encode made behind its provisional answer (`SpinnerRenderer.behindProvisional`)
/// is not chosen for a visitor who waits: an APNG gets the strongest deflate its cost
/// allows instead of the cold tiers, a WebP codes each frame twice and keeps the smaller.
/// Its bytes are never more than the cold final's, and reach what the encoder kept before
/// the cold tiers (issue 49's figures); what nobody waits for stays as it was.
final class BehindProvisionalTests: XCTestCase {
    private let renderer = SpinnerRenderer()

    private func prepared(_ kind: SpinnerKind, _ format: OutputFormat, _ query: [(String, String)]) throws -> PreparedRender {
        try renderer.prepare(try SpinnerRequest.parse(kind: kind.rawValue, format: format, query: query.map { (name: $0.0, value: $0.1) }))
    }

    /// The figures the cold-time work cost (`spinnerd render` before and after it): the
    /// final encodes behind a provisional answer are at least as small again.
    func testTheFinalsReachTheirBytesFromBeforeTheColdTiers() throws {
        let before: [(SpinnerKind, OutputFormat, [(String, String)], Int)] = [
            (.circular, .apng, [("theme", "dark")], 92_915),
            (.dots, .apng, [("theme", "dark")], 209_617),
            (.arc, .webp, [], 21_462),
        ]
        for (kind, format, query, bytes) in before {
            let final = try prepared(kind, format, query)
            let behind = renderer.behindProvisional(final)
            XCTAssertTrue(behind.encodesBehind, "\(kind) \(format)")
            let kept = try renderer.render(behind).bytes.count
            XCTAssertLessThanOrEqual(kept, bytes, "\(kind).\(format) \(query)")
        }
    }

    /// Every kind's APNG and WebP with a provisional answer: behind it, the deflate is the
    /// strongest (never the cold tiers), the estimate counts that work, and the file is
    /// never larger than the cold final.
    func testBehindAProvisionalAnswerNoFileGrows() throws {
        for kind in SpinnerKind.allCases {
            for format in [OutputFormat.apng, .webp] {
                let final = try prepared(kind, format, [("theme", "dark"), ("size", "48")])
                let label = "\(kind).\(format)"
                guard final.provisionalEstimate != nil else {
                    XCTAssertFalse(renderer.behindProvisional(final).encodesBehind, "\(label): no provisional answer, nothing behind it")
                    continue
                }
                let behind = renderer.behindProvisional(final)
                XCTAssertTrue(behind.encodesBehind, label)
                XCTAssertGreaterThanOrEqual(behind.estimate.seconds, final.estimate.seconds, "\(label): the longer work is counted")
                if format == .apng {
                    XCTAssertEqual(final.estimate.apngDeflate, .cold, label)
                    guard case .behind(let strongestBytes)? = behind.estimate.apngDeflate else {
                        return XCTFail("\(label): \(String(describing: behind.estimate.apngDeflate))")
                    }
                    XCTAssertGreaterThanOrEqual(strongestBytes, APNGEncoder.standardStrongestBytes, label)
                    XCTAssertFalse(behind.estimate.apngDeflate?.keepsExhaustive ?? true, "\(label): not zopfli")
                }
                let (cold, kept) = (try renderer.render(final).bytes, try renderer.render(behind).bytes)
                XCTAssertLessThanOrEqual(kept.count, cold.count, label)
            }
        }
    }

    /// What has no provisional answer, or is not encoded by these, is left as it is: a
    /// provisional encode, a kind's defaults (zopfli, `exhaustive`), a GIF, a PNG.
    func testOnlyAFinalWithAProvisionalAnswerIsChanged() throws {
        let provisional = try XCTUnwrap(renderer.provisional(of: try prepared(.dots, .apng, [("theme", "dark")])))
        XCTAssertFalse(renderer.behindProvisional(provisional).encodesBehind)
        let defaults = try prepared(.dots, .apng, [])
        XCTAssertEqual(renderer.behindProvisional(defaults).estimate.apngDeflate, defaults.estimate.apngDeflate)
        XCTAssertTrue(renderer.exhaustive(renderer.behindProvisional(defaults)).deflatesExhaustively)
        for format in [OutputFormat.gif, .png, .svg] {
            XCTAssertFalse(renderer.behindProvisional(try prepared(.dots, format, [("theme", "dark")])).encodesBehind, "\(format)")
        }
    }
}
