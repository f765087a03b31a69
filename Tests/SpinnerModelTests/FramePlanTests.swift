import ExactTime
@testable import SpinnerModel
import XCTest

final class FramePlanTests: XCTestCase {
    private func plan(_ kind: String, _ format: OutputFormat, _ pairs: [String: String] = [:],
                      budget: RenderBudget = .standard) throws -> FramePlan {
        let validated = try request(kind, format, pairs)
        return try FramePlan(request: validated, scene: validated.kind.scene(for: validated), budget: budget)
    }

    func testContinuousMotionIsSampledAtTheFrameRateAndSumsToTheLoop() throws {
        let circular = try plan("circular", .apng)
        XCTAssertEqual(circular.times.count, 105)  // 3.5 s at 30 fps
        XCTAssertEqual(circular.durations.reduce(Rational.zero, +), Rational(3500))
        XCTAssertEqual(Set(circular.durations), [Rational(100, 3)])
    }

    func testSteppedMotionGetsOneFramePerStep() throws {
        let activity = try plan("activity", .gif, ["fps": "60"])
        XCTAssertEqual(activity.times.count, 12)
        XCTAssertEqual(activity.times[1], Rational(1000, 12))
        XCTAssertEqual(activity.durations.reduce(Rational.zero, +), Rational(1000))
    }

    /// `slowdown` stretches every motion, not only the one `duration` sets: `dots`' 2 s pulse
    /// as much as its turn (duration×4 left its 6 s loop as it was). The frames are the
    /// same moments of the model, each shown `slowdown` times as long.
    func testSlowdownStretchesEveryMotionAndKeepsThePictures() throws {
        let dots = try plan("dots", .gif), slowed = try plan("dots", .gif, ["slowdown": "4", "fps": "30"])
        XCTAssertEqual(dots.durations.reduce(Rational.zero, +), Rational(6000))
        XCTAssertEqual(slowed.durations.reduce(Rational.zero, +), Rational(24000))
        XCTAssertEqual(slowed.loopMilliseconds, dots.loopMilliseconds, "the model's loop")
        XCTAssertEqual(slowed.times.count, dots.times.count * 4, "30 frames a second of the slowed loop")
        let quarter = try plan("dots", .gif, ["slowdown": "4", "fps": "8"]), plain = try plan("dots", .gif, ["fps": "32"])
        XCTAssertEqual(quarter.times, plain.times, "the same moments")
        XCTAssertEqual(quarter.durations, plain.durations.map { $0 * Rational(4) })
        // Stepped motion keeps its steps, each four times as long.
        let activity = try plan("activity", .webp, ["slowdown": "4"])
        XCTAssertEqual(activity.times.count, 12)
        XCTAssertEqual(activity.durations.reduce(Rational.zero, +), Rational(4000))
        // Only the animated rasters: the documents and a still are refused it, naming it.
        for format in [OutputFormat.svg, .png, .lottie, .dotlottie] {
            XCTAssertThrowsError(try SpinnerRequest.parse(kind: "dots", format: format, query: [("slowdown", "4")]), "\(format)") { error in
                XCTAssertEqual((error as? RequestError)?.parameter, "slowdown")
            }
        }
        for hostile in ["0", "9", "-1", "1.5", "4x", "", "0x4", "٤", "4 ", "99999999999999999999"] {
            XCTAssertThrowsError(try SpinnerRequest.parse(kind: "dots", format: .gif, query: [("slowdown", hostile)]), hostile) { error in
                XCTAssertEqual((error as? RequestError)?.parameter, "slowdown", hostile)
            }
        }
        // The default is not part of the URL's cache key: every existing URL keeps its tag.
        XCTAssertEqual(try request("dots", .gif, ["slowdown": "1"]).canonicalForm, try request("dots", .gif, [:]).canonicalForm)
        XCTAssertNotEqual(try request("dots", .gif, ["slowdown": "4"]).canonicalForm, try request("dots", .gif, [:]).canonicalForm)
    }

    func testGIFFrameRateIsCappedAtFifty() throws {
        XCTAssertEqual(try plan("arc", .gif, ["fps": "60"]).times.count, 50)
        XCTAssertEqual(try plan("arc", .apng, ["fps": "60"]).times.count, 60)
    }

    func testStillFrameTakesItsTime() throws {
        let still = try plan("arc", .png, ["t": "0.25", "size": "100", "scale": "2"])
        XCTAssertEqual(still.times, [Rational(250)])
        XCTAssertEqual(still.pixelSize, 200)
    }

    func testBudgetsRefuseWorkBeforeItStarts() throws {
        XCTAssertThrowsError(try plan("dots", .gif, ["duration": "1.7"])) { error in
            guard case .loopTooLong(let loop, _, let periods) = error as? RequestError else { return XCTFail("\(error)") }
            XCTAssertEqual(loop, 34_000)
            XCTAssertEqual(periods, [1700, 2000])
        }
        let narrow = RenderBudget(maxLoopMilliseconds: 30_000, maxFrames: 1800, maxPixelsPerSide: 512, maxPixelFrames: 40_000_000)
        XCTAssertThrowsError(try plan("capsules", .png, ["size": "300", "scale": "2"], budget: narrow)) { error in
            XCTAssertEqual(error as? RequestError, .imageTooLarge(pixels: 600, limit: 512))
        }
        XCTAssertThrowsError(try plan("circular", .apng, ["size": "1024", "scale": "2"])) { error in
            guard case .workBudgetExceeded = error as? RequestError else { return XCTFail("\(error)") }
        }
        let tight = RenderBudget(maxLoopMilliseconds: 30_000, maxFrames: 10, maxPixelsPerSide: 4096, maxPixelFrames: 40_000_000)
        XCTAssertThrowsError(try plan("circular", .apng, [:], budget: tight)) { error in
            XCTAssertEqual(error as? RequestError, .tooManyFrames(frames: 105, limit: 10))
        }
    }
}
