import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The playground's contrast meter (issue 50) in a real Chromium against the real server:
/// its reading for every kind on a white, a near-black and a dark blue page, the same
/// measure taken from the stills it names (Pillow), its warning under 3:1, and its fix.
final class ContrastMeterTests: XCTestCase {
    private struct Reading: Decodable {
        let kind: String
        let page: String
        let ratio: Double
        let here: Double?
        let faint: Bool
        let text: String
        let fix: String?
        let url: String
        let before: String?
    }

    private struct Report: Decodable {
        let readings: [Reading]
        let fixed: Reading?
    }

    func testTheMeterReadsTheSpinnersOwnPixelsWarnsUnderThreeToOneAndFixesIt() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess()
        // Screenshots of the faint stages are kept for people to look at (under .build, not committed).
        let shots = Repository.root.appendingPathComponent(".build/contrast-meter")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let kinds = ["circular", "activity", "dots", "arc", "capsules"], pages = ["ffffff", "111111", "1b2a3a"]
        let jobs: [[String: Any]] = [["type": "contrastMeter", "url": server.url("/"), "kinds": kinds, "pages": pages, "out": shots.path]]
        let report = try XCTUnwrap(try JSONDecoder().decode([Report].self, from: try Browser.run(jobs, in: directory)).first)
        XCTAssertEqual(report.readings.count, kinds.count * pages.count)
        for reading in report.readings {
            let label = "\(reading.kind) on #\(reading.page)"
            print("contrast meter: \(label): \(reading.ratio):1 (measured from its stills here: \(reading.here ?? 0):1)"
                  + (reading.faint ? ", warns; fix: \(reading.fix ?? "none")" : ""))
            let here = try XCTUnwrap(reading.here, label)
            XCTAssertEqual(reading.ratio, here, accuracy: 0.05 * here, "\(label): the meter and the stills disagree")
            XCTAssertEqual(reading.faint, reading.ratio < 3, "\(label): \(reading.text)")
            if reading.faint {
                XCTAssertTrue(reading.text.contains("under 3:1"), "\(label): \(reading.text)")
                XCTAssertNotNil(reading.fix, "\(label): a faint spinner with no fix offered")
            } else {
                XCTAssertNil(reading.fix, "\(label): a fix offered for a spinner that shows")
            }
        }
        // The faithful capsules (peak 0.2) are faint on white; on dark pages, label draws white.
        let capsules = try XCTUnwrap(report.readings.first { $0.kind == "capsules" && $0.page == "ffffff" })
        XCTAssertTrue(capsules.faint, "capsules at peak 0.2 on white: \(capsules.ratio):1")
        XCTAssertTrue(capsules.fix?.hasPrefix("Raise peak to") ?? false, capsules.fix ?? "no fix")
        for reading in report.readings where reading.kind == "activity" {
            XCTAssertFalse(reading.faint, "activity on #\(reading.page): \(reading.ratio):1")
        }
        // The first faint reading's fix, pressed: the URL changes as the fix says, and the
        // spinner then shows (3:1 or more), with no warning.
        let fixed = try XCTUnwrap(report.fixed, "no fix pressed")
        XCTAssertNotEqual(fixed.url, fixed.before)
        XCTAssertGreaterThanOrEqual(fixed.ratio, 3, "after the fix: \(fixed.text) (\(fixed.url))")
        XCTAssertFalse(fixed.faint, fixed.text)
        if fixed.kind == "capsules" {
            XCTAssertTrue(fixed.url.contains("peak="), fixed.url)
        }
        print("contrast meter: fixed \(fixed.kind) on #\(fixed.page): \(fixed.before ?? "") → \(fixed.url): \(fixed.ratio):1")
    }
}
