import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// The playground's contrast meter (issue 50) in a real Chromium against the real server:
/// its reading for every kind on a white, a near-black and a dark blue page, the same
/// measure taken from the stills it names (Pillow), its warning under 3:1, and its fix.
final class ContrastMeterTests: XCTestCase {
    func testTheMeterReadsTheSpinnersOwnPixelsWarnsUnderThreeToOneAndFixesIt() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess()
        // Screenshots of the faint stages are kept for people to look at (under .build, not committed).
        let shots = Repository.root.appendingPathComponent(".build/contrast-meter")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let kinds = SpinnerKind.allCases.map(\.rawValue), pages = ["ffffff", "111111", "1b2a3a"]
        // The result's members: contrast_meter.py.
        let report = try Browser.script.result(["type": "contrastMeter", "url": server.url("/"), "kinds": kinds, "pages": pages,
                                                "out": shots.path], in: directory)
        let readings = try report.readings.asElements
        XCTAssertEqual(readings.count, kinds.count * pages.count)
        for reading in readings {
            let label = "\(try reading.kind.asString) on #\(try reading.page.asString)"
            let ratio = try reading.ratio.asDouble, faint = try reading.faint.asBool, text = try reading.text.asString
            let fix = try reading.fix.asOptionalString
            let here = try XCTUnwrap(try reading.here.asOptionalDouble, label)
            print("contrast meter: \(label): \(ratio):1 (measured from its stills here: \(here):1)" + (faint ? ", warns; fix: \(fix ?? "none")" : ""))
            XCTAssertEqual(ratio, here, accuracy: 0.05 * here, "\(label): the meter and the stills disagree")
            XCTAssertEqual(faint, ratio < 3, "\(label): \(text)")
            if faint {
                XCTAssertTrue(text.contains("under 3:1"), "\(label): \(text)")
                XCTAssertNotNil(fix, "\(label): a faint spinner with no fix offered")
            } else {
                XCTAssertNil(fix, "\(label): a fix offered for a spinner that shows")
            }
        }
        // The faithful capsules (peak 0.2) are faint on white; on dark pages, label draws white.
        let capsules = try XCTUnwrap(try readings.first { try $0.kind.asString == "capsules" && $0.page.asString == "ffffff" })
        XCTAssertTrue(try capsules.faint.asBool, "capsules at peak 0.2 on white: \(capsules.ratio)")
        let capsulesFix = try capsules.fix.asOptionalString
        XCTAssertTrue(capsulesFix?.hasPrefix("Raise peak to") ?? false, capsulesFix ?? "no fix")
        for reading in readings where try reading.kind.asString == "activity" {
            let page = try reading.page.asString
            XCTAssertFalse(try reading.faint.asBool, "activity on #\(page): \(reading.ratio)")
        }
        // The first faint reading's fix, pressed: the URL changes as the fix says, and the
        // spinner then shows (3:1 or more), with no warning.
        let fixed = report.fixed
        XCTAssertFalse(try fixed.isNull, "no fix pressed")
        let url = try fixed.url.asString, before = try fixed.before.asOptionalString, text = try fixed.text.asString
        let ratio = try fixed.ratio.asDouble, kind = try fixed.kind.asString
        XCTAssertNotEqual(url, before)
        XCTAssertGreaterThanOrEqual(ratio, 3, "after the fix: \(text) (\(url))")
        XCTAssertFalse(try fixed.faint.asBool, text)
        if kind == "capsules" {
            XCTAssertTrue(url.contains("peak="), url)
        }
        print("contrast meter: fixed \(kind) on #\(try fixed.page.asString): \(before ?? "") → \(url): \(ratio):1")
    }
}
