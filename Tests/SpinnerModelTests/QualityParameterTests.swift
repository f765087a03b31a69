@testable import SpinnerModel
import XCTest

/// `quality` (issue 49): 100, lossless, is the default and keeps every earlier URL's
/// canonical form (and so its cache key and ETag); 1–99 are lossy and keyed; anything
/// else, and the formats it does nothing for, are refused naming the parameter.
final class QualityParameterTests: XCTestCase {
    func testLosslessIsTheDefaultAndLeavesTheCanonicalFormAsItWas() throws {
        for format in [OutputFormat.png, .gif, .apng, .webp] {
            let bare = try request("circular", format)
            XCTAssertEqual(bare.shared.quality, 100)
            XCTAssertEqual(try request("circular", format, ["quality": "100"]).canonicalForm, bare.canonicalForm, "\(format)")
            XCTAssertFalse(bare.canonicalForm.contains("quality"), bare.canonicalForm)
            let lossy = try request("circular", format, ["quality": "80"])
            XCTAssertEqual(lossy.shared.quality, 80)
            XCTAssertTrue(lossy.canonicalForm.contains("&quality=80&"), lossy.canonicalForm)
            XCTAssertEqual(try request("circular", format, ["quality": "+80"]).canonicalForm, lossy.canonicalForm)
        }
        XCTAssertEqual(try request("dots", .webp, ["quality": "1"]).shared.quality, 1)
        XCTAssertEqual(try request("dots", .webp, ["quality": "99"]).shared.quality, 99)
    }

    func testHostileValuesAreRefusedNamingQuality() {
        for value in ["0", "101", "-1", "80.5", "8e1", "1e9", "99999999999999999999", "", " ", "80abc", "eighty", "0x50",
                      "80\u{0}", "\u{0}", "٨٠", "80%", "NaN", String(repeating: "9", count: 400)] {
            XCTAssertThrowsError(try SpinnerRequest.parse(kind: "circular", format: .webp, query: [("quality", value)]),
                                 "quality=\(value.prefix(20))") { error in
                XCTAssertEqual((error as? RequestError)?.parameter, "quality", "quality=\(value.prefix(20))")
            }
        }
        XCTAssertThrowsError(try SpinnerRequest.parse(kind: "circular", format: .webp, query: [("quality", "80"), ("quality", "80")]))
    }

    func testVectorFormatsRefuseIt() {
        for format in [OutputFormat.svg, .lottie] {
            XCTAssertThrowsError(try SpinnerRequest.parse(kind: "arc", format: format, query: [("quality", "80")]), "\(format)") { error in
                XCTAssertEqual((error as? RequestError)?.parameter, "quality")
            }
        }
    }
}
