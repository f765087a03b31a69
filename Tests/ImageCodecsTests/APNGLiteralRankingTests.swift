@testable import ImageCodecs
import XCTest

/// At `.quick` effort RGB(A) frames are ranked by literal pixels in two passes
/// (`APNGOptimizer.addRankedByLiterals`), without making each candidate: the choices must
/// be those of making every candidate and counting it (`ranksInTwoPasses = false`).
final class APNGLiteralRankingTests: XCTestCase {
    private let (width, height) = (24, 20)

    /// A deterministic stream of numbers.
    private struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
    }

    /// Frames of a spinner-like scene: a still band, a blob that moves (opaque, or
    /// translucent when `translucent`), noise in a corner on some frames, a frame that
    /// repeats the one before, and frames where the blob vanishes (so that clearing the
    /// last frame's region can win).
    private func frames(seed: UInt64, translucent: Bool, opaqueOnly: Bool) -> [RGBAImage] {
        var numbers = Numbers(state: seed)
        var frames: [RGBAImage] = []
        for index in 0 ..< 14 {
            if index == 5, let last = frames.last { frames.append(last); continue }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            func set(_ x: Int, _ y: Int, _ rgba: [UInt8]) {
                guard (0 ..< width).contains(x), (0 ..< height).contains(y) else { return }
                pixels.replaceSubrange((y * width + x) * 4 ..< (y * width + x) * 4 + 4, with: rgba)
            }
            for x in 0 ..< width { set(x, 17, [200, 200, 210, opaqueOnly ? 255 : 90]) }
            if index % 4 != 3 {
                let (centreX, centreY) = (index * 3 % width, 4 + index % 9)
                for y in centreY - 3 ... centreY + 3 {
                    for x in centreX - 4 ... centreX + 4 {
                        let alpha: UInt8 = opaqueOnly || !translucent ? 255 : UInt8(60 + abs(x - centreX) * 30)
                        set(x, y, [UInt8(40 + index * 10), 120, UInt8(numbers.next(3) * 80), alpha])
                    }
                }
            }
            if index % 3 == 1 {
                for _ in 0 ..< 12 {
                    set(numbers.next(6), numbers.next(6), [UInt8(numbers.next(256)), UInt8(numbers.next(256)), 7,
                                                           opaqueOnly ? 255 : UInt8(1 + numbers.next(255))])
                }
            }
            // Many colours everywhere, so that no palette holds them: RGB(A) layouts.
            for column in 0 ..< width { set(column, 19, [UInt8(column * 10), UInt8(index * 17), UInt8(numbers.next(256)), 255]) }
            frames.append(RGBAImage(width: width, height: height, pixels: pixels))
        }
        return frames
    }

    private func choices(_ frames: [RGBAImage], layout: PNGPixelLayout, inTwoPasses: Bool) throws -> [APNGFrameChoice] {
        var optimizer = APNGOptimizer(layout: layout, width: width, height: height, effort: .quick, ranksByLiterals: true)
        optimizer.ranksInTwoPasses = inTwoPasses
        return try optimizer.choices(for: frames.map { PixelCodes.codes(of: $0, in: layout) })
    }

    func testTwoPassesChooseAsMakingEveryCandidate() throws {
        var layoutsSeen: Set<PNGPixelLayout.ColorType> = []
        var disposalsSeen: Set<UInt8> = [], blendsSeen: Set<UInt8> = []
        for seed in 1 ... 12 {
            for (translucent, opaqueOnly) in [(false, false), (true, false), (false, true)] {
                let animation = frames(seed: UInt64(seed), translucent: translucent, opaqueOnly: opaqueOnly)
                let layout = try XCTUnwrap(PNGPixelLayout.candidates(for: animation, animated: true).last)
                layoutsSeen.insert(layout.colorType)
                let twoPasses = try choices(animation, layout: layout, inTwoPasses: true)
                let oneByOne = try choices(animation, layout: layout, inTwoPasses: false)
                XCTAssertEqual(twoPasses.count, oneByOne.count)
                for (index, (fast, reference)) in zip(twoPasses, oneByOne).enumerated() {
                    let context = "seed \(seed), \(layout.colorType), frame \(index)"
                    XCTAssertEqual(fast.rect, reference.rect, context)
                    XCTAssertEqual(fast.blend, reference.blend, context)
                    XCTAssertEqual(fast.dispose, reference.dispose, context)
                    XCTAssertEqual(fast.estimatedSize, reference.estimatedSize, context)
                    // Only the rectangle is written: its codes must agree.
                    for y in fast.rect.y ..< fast.rect.y + fast.rect.height {
                        let start = y * width + fast.rect.x
                        XCTAssertEqual(fast.codes[start ..< start + fast.rect.width], reference.codes[start ..< start + fast.rect.width],
                                       "\(context), row \(y)")
                    }
                    disposalsSeen.insert(fast.dispose.rawValue)
                    blendsSeen.insert(fast.blend.rawValue)
                }
            }
        }
        // The frames reach both RGB(A) layouts, both blends and both disposals tried at `.quick` effort.
        XCTAssertEqual(layoutsSeen, [.rgba, .rgb])
        XCTAssertEqual(disposalsSeen, [0, 1])
        XCTAssertEqual(blendsSeen, [0, 1])
    }

    func testTwoPassesChooseAsMakingEveryCandidateOnRandomSmallFrames() throws {
        // 8 × 6 frames of a few colours (clear, translucent, opaque) where each frame
        // changes a random block of the one before: every disposal, blend and validity of
        // "over" comes up many times.
        var numbers = Numbers(state: 99)
        let colours: [[UInt8]] = [[0, 0, 0, 0], [10, 20, 30, 255], [200, 10, 10, 255], [10, 200, 10, 120], [90, 90, 250, 40]]
        for _ in 0 ..< 300 {
            var pixels = (0 ..< 48).flatMap { _ in colours[numbers.next(colours.count)] }
            var animation: [RGBAImage] = []
            for _ in 0 ..< 6 {
                let (x0, y0) = (numbers.next(8), numbers.next(6))
                let (x1, y1) = (x0 + numbers.next(8 - x0), y0 + numbers.next(6 - y0))
                let fill = colours[numbers.next(colours.count)]
                for y in y0 ... y1 {
                    for x in x0 ... x1 where numbers.next(4) != 0 {
                        pixels.replaceSubrange((y * 8 + x) * 4 ..< (y * 8 + x) * 4 + 4, with: fill)
                    }
                }
                animation.append(RGBAImage(width: 8, height: 6, pixels: pixels))
            }
            let layout = try XCTUnwrap(PNGPixelLayout.candidates(for: animation, animated: true).last)
            let fast = APNGOptimizer(layout: layout, width: 8, height: 6, effort: .quick, ranksByLiterals: true)
            var reference = fast
            reference.ranksInTwoPasses = false
            let codes = animation.map { PixelCodes.codes(of: $0, in: layout) }
            let (ours, theirs) = (try fast.choices(for: codes), try reference.choices(for: codes))
            XCTAssertEqual(ours.map(\.rect), theirs.map(\.rect))
            XCTAssertEqual(ours.map(\.blend), theirs.map(\.blend))
            XCTAssertEqual(ours.map(\.dispose), theirs.map(\.dispose))
            XCTAssertEqual(ours.map(\.estimatedSize), theirs.map(\.estimatedSize))
        }
    }
}
