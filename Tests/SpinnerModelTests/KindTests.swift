import ExactTime
@testable import SpinnerModel
import XCTest

final class KindTests: XCTestCase {
    private func scene(_ kind: String, _ pairs: [String: String] = [:]) throws -> Scene {
        let validated = try request(kind, .gif, pairs)
        return validated.kind.scene(for: validated)
    }

    func testLoopPeriodsFollowTheSeeds() throws {
        XCTAssertEqual(try scene("circular").loopMilliseconds(limit: 60_000), 3500)
        XCTAssertEqual(try scene("circular", ["duration": "1"]).loopMilliseconds(limit: 60_000), 2000)
        XCTAssertEqual(try scene("activity").loopMilliseconds(limit: 60_000), 1000)
        XCTAssertEqual(try scene("dots").loopMilliseconds(limit: 60_000), 6000)
        XCTAssertEqual(try scene("dots", ["duration": "1"]).loopMilliseconds(limit: 60_000), 2000)
        XCTAssertEqual(try scene("dots", ["duration": "1.7"]).loopMilliseconds(limit: 60_000), 34_000)
        XCTAssertEqual(try scene("arc").loopMilliseconds(limit: 60_000), 1000)
        XCTAssertEqual(try scene("capsules").loopMilliseconds(limit: 60_000), 1500)
    }

    /// The rotation of a transform, in degrees clockwise (y points down).
    private func rotation(_ transform: SpinnerModel.AffineTransform) -> Double {
        atan2(transform.b, transform.a) * 180 / .pi
    }

    func testCircularStartsWithTheShortPuckCentredAtTwelve() throws {
        let commands = try scene("circular").drawCommands(at: ms(0))
        XCTAssertEqual(commands.count, 2)
        guard case .arc(_, _, let start, let end) = commands[1].shape else { return XCTFail("puck is not an arc") }
        // As the package draws it: trimmed from 0 in the puck's own frame, then turned.
        XCTAssertEqual(start, 0, accuracy: 1e-9)
        XCTAssertEqual(end, 36, accuracy: 1e-9)  // 0.1 of the circle
        let turned = rotation(commands[1].transform)
        XCTAssertEqual(start + turned, -18, accuracy: 1e-9)  // centred on 12 o'clock
        XCTAssertEqual(end + turned, 18, accuracy: 1e-9)
    }

    func testCircularIsLongAfterOneCycleAndTurnedTwice() throws {
        let commands = try scene("circular").drawCommands(at: ms(1750))
        guard case .arc(_, _, let start, let end) = commands[1].shape else { return XCTFail("puck is not an arc") }
        XCTAssertEqual(end - start, 0.85 * 360, accuracy: 1e-6)
        // Centred on 720°, a whole number of turns: its middle is at 12 o'clock again.
        let middle = (start + end) / 2 + rotation(commands[1].transform)
        XCTAssertEqual(middle.truncatingRemainder(dividingBy: 360), 0, accuracy: 1e-6)
    }

    /// The rings of `activity` and `capsules` stay one node in the model, so an engine that
    /// can state a ring once (Lottie's precomposition) is given it rather than guessing it
    /// back from equal-looking copies; the copies an engine draws are the ring's own.
    func testRingsKeepTheirStructureInTheScene() throws {
        for (kind, count) in [("activity", 12), ("capsules", 15), ("activity", 5), ("capsules", 30)] {
            let scene = try scene(kind, ["count": String(count)])
            let rings = scene.nodes.compactMap { node -> Ring? in
                if case .ring(let ring) = node.content { return ring } else { return nil }
            }
            XCTAssertEqual(rings.count, 1, kind)
            XCTAssertEqual(rings.first?.count, count, kind)
            XCTAssertEqual(rings.first?.copies.count, count, kind)
        }
        for kind in ["circular", "dots", "arc"] {
            let rings = try scene(kind).nodes.filter { if case .ring = $0.content { true } else { false } }
            XCTAssertTrue(rings.isEmpty, kind)
        }
    }

    /// The CircularSpinner README's example, `.red.shadow(.inner(radius: 3))` on either
    /// layer, as `shadow` (the puck) and `trackshadow`: absent, the style's (3 pt for
    /// `bubbledForeground`, none else) and none on the track; 0 is none.
    func testCircularShadowsAreTheParametersOrTheStyles() throws {
        func shadows(_ pairs: [String: String]) throws -> (track: Double?, puck: Double?) {
            let commands = try scene("circular", pairs).drawCommands(at: ms(0))
            return (commands[0].innerShadow?.radius, commands[1].innerShadow?.radius)
        }
        XCTAssertTrue(try shadows([:]) == (nil, nil))
        XCTAssertTrue(try shadows(["style": "bubbledForeground"]) == (nil, 3))
        XCTAssertTrue(try shadows(["style": "bubbledForeground", "shadow": "0"]) == (nil, nil))
        XCTAssertTrue(try shadows(["color": "red", "track": "white", "shadow": "3", "trackshadow": "3"]) == (3, 3))
        XCTAssertTrue(try shadows(["trackshadow": "4.567"]) == (4.57, nil))
        XCTAssertTrue(try shadows(["style": "nineties", "shadow": "2"]) == (nil, 2))
        // Absent, they leave the canonical form (cache keys, ETags, signatures) as it was.
        XCTAssertFalse(try request("circular", .gif).canonicalForm.contains("shadow"))
        XCTAssertTrue(try request("circular", .gif, ["shadow": "3.0"]).canonicalForm.contains("&shadow=3&"))
        for (name, value) in [("shadow", "-1"), ("shadow", "15.01"), ("trackshadow", "abc"), ("shadow", ""), ("trackshadow", "1e3"),
                              ("shadow", "nan"), ("shadow", "3px")] {
            XCTAssertEqual(refusal("circular", .gif, [(name, value)])?.parameter, name, "\(name)=\(value)")
        }
        for kind in ["activity", "dots", "arc", "capsules"] {
            XCTAssertEqual(refusal(kind, .svg, [("shadow", "3")])?.parameter, "shadow", kind)
        }
    }

    /// A shadow's bands on a gradient stroke are the gradient darkened towards the shadow,
    /// stop by stop, as a solid stroke's bands are its colour darkened so.
    func testShadowBandsOnAGradientDarkenEachStopAsOnASolidColour() {
        let shadow = InnerShadow(radius: 3)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let gradient = LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: 10), stops: [GradientStop(0, red), GradientStop(1, blue)])
        let onGradient = shadow.bands(strokeWidth: 10, paint: .linear(gradient))
        let onRed = shadow.bands(strokeWidth: 10, paint: .solid(red)), onBlue = shadow.bands(strokeWidth: 10, paint: .solid(blue))
        func color(_ band: InnerShadow.Band) -> Color? {
            if case .solid(let color) = band.paint { return color } else { return nil }
        }
        XCTAssertEqual(onGradient.count, InnerShadow.bandCount)
        for (index, band) in onGradient.enumerated() {
            XCTAssertEqual(band.width, onRed[index].width)
            guard case .linear(let shaded) = band.paint else { return XCTFail("band \(index) is not a gradient") }
            XCTAssertEqual(shaded.stops.map(\.color), [color(onRed[index]), color(onBlue[index])])
            XCTAssertEqual(shaded.start, gradient.start)
        }
        // The outer band is darker than the middle one, which is nearly the colour itself.
        XCTAssertLessThan(color(onRed[0])?.red ?? 1, color(onRed[InnerShadow.bandCount - 1])?.red ?? 0)
        XCTAssertEqual(InnerShadow.groupOpacity(of: .linear(gradient)), 1)
        XCTAssertEqual(InnerShadow.groupOpacity(of: .solid(red.multiplyingAlpha(0.5))), 0.5)
    }

    func testActivityOpacityFallsOffBehindTheLitCapsule() throws {
        let scene = try scene("activity")
        let opacities = scene.drawCommands(at: Rational(3000, 12)).map(\.opacity)  // step 3: capsule 3 lit
        XCTAssertEqual(opacities.count, 12)
        XCTAssertEqual(opacities[3], 1, accuracy: 1e-12)
        for behind in 1...11 {
            XCTAssertEqual(opacities[(3 - behind + 12) % 12], 1 - 0.9 * Double(behind) / 11, accuracy: 1e-12)
        }
        XCTAssertTrue(scene.isStepped)
        XCTAssertEqual(scene.stepTimes(loopMilliseconds: 1000).count, 12)
    }

    func testDotsPulseWithTheSeedsDelays() throws {
        let scene = try scene("dots")
        let atOneSecond = scene.drawCommands(at: ms(1000)).map(\.opacity)
        XCTAssertEqual(atOneSecond[0], 0.3, accuracy: 1e-9)       // dot 0 at the bottom of its pulse
        let atLater = scene.drawCommands(at: ms(1300)).map(\.opacity)
        XCTAssertEqual(atLater[3], 0.3, accuracy: 1e-9)           // dot 3 is 0.3 s behind
    }

    func testCapsulesTrailPeaksAtOneFifth() throws {
        let opacities = try scene("capsules").drawCommands(at: ms(800)).map(\.opacity)
        // At 0.8 s capsule 8 has just been selected; capsules 3…7 trail it.
        XCTAssertEqual(opacities.max() ?? 0, 0.2, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(opacities.count, 7)  // fully transparent capsules are left out
    }

    func testCircularStylesTakeTheirSystemColours() throws {
        let accent = try scene("circular", ["style": "accent"]).drawCommands(at: ms(0))
        XCTAssertEqual(accent[0].paint, .solid(SystemColor.systemGray3.light))
        XCTAssertEqual(accent[1].paint, .solid(SystemColor.systemBlue.light))
        let custom = try scene("circular", ["style": "accent", "color": "red", "track": "#00ff00"]).drawCommands(at: ms(0))
        XCTAssertEqual(custom[1].paint, .solid(Color(red8: 255, green8: 0, blue8: 0)))
        XCTAssertEqual(custom[0].paint, .solid(Color(red8: 0, green8: 255, blue8: 0)))
        let bubbled = try scene("circular", ["style": "bubbledForeground"]).drawCommands(at: ms(0))
        XCTAssertNotNil(bubbled[1].innerShadow)
    }

    func testEveryKindsFrameAtTimeZeroEqualsItsFrameOneLoopLater() throws {
        for kind in SpinnerKind.allCases {
            let scene = try scene(kind.rawValue)
            let loop = try XCTUnwrap(scene.loopMilliseconds(limit: 60_000))
            XCTAssertEqual(scene.drawCommands(at: ms(0)), scene.drawCommands(at: ms(loop)), "\(kind)")
            XCTAssertEqual(scene.drawCommands(at: ms(137)), scene.drawCommands(at: ms(137 + loop)), "\(kind)")
        }
    }
}
