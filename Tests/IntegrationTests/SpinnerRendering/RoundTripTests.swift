import ExactTime
import Foundation
import ImageCodecs
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// Every kind × {APNG, GIF}, at default parameters and at one other set, through
/// decoders nobody here wrote (Pillow, pngcheck, gifsicle).
final class RoundTripTests: XCTestCase {
    /// A non-default parameter set per kind.
    static let variations: [SpinnerKind: [String: String]] = [
        .circular: ["style": "nineties", "stroke": "15", "duration": "1", "fps": "24", "loops": "2", "size": "64", "scale": "2"],
        .activity: ["count": "8", "duration": "0.8", "color": "systemBlue", "loops": "3", "size": "40"],
        .dots: ["count": "6", "duration": "1", "size": "48", "background": "white", "fps": "20"],
        .arc: ["duration": "0.5", "stroke": "6", "background": "#202020", "loops": "1"],
        .capsules: ["count": "10", "duration": "1", "color": "#c0392b", "size": "120", "fps": "25"],
    ]

    private func render(_ kind: SpinnerKind, _ format: OutputFormat, _ parameters: [String: String]) throws -> (RenderedImage, SpinnerRequest) {
        let request = try SpinnerRequest.parse(kind: kind.rawValue, format: format,
                                               query: parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        return (try SpinnerRenderer().render(request), request)
    }

    private func loopMilliseconds(_ request: SpinnerRequest) throws -> Int {
        try XCTUnwrap(request.kind.scene(for: request).loopMilliseconds(limit: 60_000))
    }

    /// Renders every kind in `format` at default parameters and at its variation, writes
    /// each into `directory` and hands it to `check` with its path and a label for messages.
    private func forEveryKindAndVariation(
        _ format: OutputFormat, in directory: TemporaryDirectory,
        _ check: (_ kind: SpinnerKind, _ parameters: [String: String], _ image: RenderedImage, _ request: SpinnerRequest,
                  _ path: String, _ label: String) throws -> Void
    ) throws {
        for kind in SpinnerKind.allCases {
            for parameters in [[:], Self.variations[kind] ?? [:]] {
                let (image, request) = try render(kind, format, parameters)
                let path = try directory.write(image.bytes, to: "\(kind.rawValue)-\(parameters.count).\(format.rawValue)")
                try check(kind, parameters, image, request, path, "\(kind.rawValue) \(parameters)")
            }
        }
    }

    /// The still PNG at t = 0 for the same parameters (format-only ones dropped).
    private func stillAtZero(_ kind: SpinnerKind, _ parameters: [String: String], in directory: TemporaryDirectory) throws -> String {
        let still = parameters.filter { !["fps", "loops", "matte"].contains($0.key) }
        return try directory.write(try render(kind, .png, still).0.bytes, to: "\(kind.rawValue)-still-\(UUID().uuidString).png")
    }

    func testEveryKindAsAPNGDecodesWithExactTiming() throws {
        let directory = try TemporaryDirectory()
        try forEveryKindAndVariation(.apng, in: directory) { kind, parameters, image, request, path, label in
            let check = try ExternalTool.run("pngcheck", ["-q", path])
            XCTAssertEqual(check.status, 0, "\(label): \(check.outputText)")

            let decoded = try Decoders.inspect(path)
            XCTAssertEqual(decoded.format, "PNG", label)
            XCTAssertGreaterThan(decoded.frames, 1, label)
            XCTAssertEqual(decoded.loop, request.shared.loops, label)
            XCTAssertTrue(decoded.neighboursDiffer.allSatisfy { $0 }, "\(label): repeated neighbouring frames")

            let control = try Decoders.apngControl(path)
            XCTAssertEqual(control.numPlays, request.shared.loops, label)
            let total = control.frames.reduce(Rational.zero) { $0 + Rational(Int64($1.delay[0]), Int64($1.delay[1])) }
            XCTAssertEqual(total, Rational(Int64(try loopMilliseconds(request)), 1000), "\(label): delays must sum to the loop exactly")

            let first = directory.path("\(kind.rawValue)-\(parameters.count)-first")
            try Decoders.extractFrames(path, into: first)
            let difference = try Decoders.difference(first + "/000.png", try stillAtZero(kind, parameters, in: directory))
            XCTAssertEqual(difference.differing, 0, "\(label): first frame differs from the PNG at t=0")
        }
    }

    func testEveryKindAsGIFDecodesWithCentisecondTiming() throws {
        let directory = try TemporaryDirectory()
        try forEveryKindAndVariation(.gif, in: directory) { kind, parameters, image, request, path, label in
            let info = try ExternalTool.run("gifsicle", ["--info", path])
            XCTAssertEqual(info.status, 0, "\(label): \(info.errorText)")
            XCTAssertTrue(info.outputText.contains("images"), label)
            XCTAssertEqual(image.bytes.last, 0x3B, "\(label): GIF trailer")

            let decoded = try Decoders.inspect(path)
            XCTAssertEqual(decoded.format, "GIF", label)
            XCTAssertGreaterThan(decoded.frames, 1, label)
            let loops = request.shared.loops
            XCTAssertEqual(decoded.loop, loops == 1 ? nil : max(0, loops - 1), label)
            XCTAssertTrue(decoded.neighboursDiffer.allSatisfy { $0 }, "\(label): repeated neighbouring frames")
            XCTAssertTrue(decoded.durations.allSatisfy { $0 >= 20 }, "\(label): a delay under 2 cs")
            let loop = try loopMilliseconds(request)
            XCTAssertEqual(decoded.durations.reduce(0, +), Double((loop + 5) / 10 * 10), "\(label): delays must sum to the loop")

            // GIF has 1-bit alpha: compare over white, blurred over the dither pattern.
            let first = directory.path("\(kind.rawValue)-\(parameters.count)-first")
            try Decoders.extractFrames(path, into: first)
            let difference = try Decoders.difference(first + "/000.png", try stillAtZero(kind, parameters, in: directory),
                                                     tolerance: 48, background: "ffffff", blur: 2)
            XCTAssertLessThanOrEqual(difference.differing, decoded.width * decoded.height / 50,
                                     "\(label): first frame differs from the PNG at t=0 (largest \(difference.largest))")
        }
    }

    func testEveryKindAsWebPDecodesWithMillisecondTimingAndFullAlpha() throws {
        let directory = try TemporaryDirectory()
        try forEveryKindAndVariation(.webp, in: directory) { kind, parameters, image, request, path, label in
            XCTAssertEqual(Array(image.bytes.prefix(4)), Array("RIFF".utf8), label)
            XCTAssertEqual(Array(image.bytes[8 ..< 12]), Array("WEBP".utf8), label)

            let decoded = try Decoders.inspect(path)
            XCTAssertEqual(decoded.format, "WEBP", label)
            XCTAssertGreaterThan(decoded.frames, 1, label)
            XCTAssertEqual(decoded.loop, request.shared.loops, label)
            XCTAssertTrue(decoded.neighboursDiffer.allSatisfy { $0 }, "\(label): repeated neighbouring frames")
            // Whole milliseconds rounded where each frame starts: the sum is the loop,
            // rounded to the millisecond, and no frame is off by a millisecond or more.
            let loop = try loopMilliseconds(request)
            XCTAssertEqual(decoded.durations.reduce(0, +), Double(loop), "\(label): durations must sum to the loop")
            XCTAssertTrue(decoded.durations.allSatisfy { $0 >= 1 }, "\(label): a frame under 1 ms")
            if parameters["background"] == nil {
                XCTAssertGreaterThan(decoded.alphaLevels, 8, "\(label): smooth edges need many alpha levels")
            }

            // Lossless: the first frame is the still PNG at t = 0, exactly (compared over
            // white, as libwebp may change the colour hidden under fully clear pixels).
            let first = directory.path("\(kind.rawValue)-\(parameters.count)-webp-first")
            try Decoders.extractFrames(path, into: first)
            let difference = try Decoders.difference(first + "/000.png", try stillAtZero(kind, parameters, in: directory),
                                                     tolerance: 0, background: "ffffff")
            XCTAssertEqual(difference.differing, 0, "\(label): first frame differs from the PNG at t=0 (largest \(difference.largest))")
        }
    }

    /// Pixels that make a stipple, as a share of the drawn (opaque) ones: opaque pixels with
    /// at most one opaque 4-neighbour, and clear ones with at least three.
    private func stippleShare(_ image: DecodedPixels) -> Double {
        let opaque = { (x: Int, y: Int) -> Bool in
            x >= 0 && y >= 0 && x < image.width && y < image.height && image.bytes[(y * image.width + x) * 4 + 3] >= 128
        }
        var drawn = 0, stipple = 0
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let neighbours = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].filter { opaque($0.0, $0.1) }.count
                if opaque(x, y) {
                    drawn += 1
                    if neighbours <= 1 { stipple += 1 }
                } else if neighbours >= 3 {
                    stipple += 1
                }
            }
        }
        return Double(stipple) / Double(max(drawn, 1))
    }

    /// A plain `<img src=….gif>` on a white page: translucent parts are blended into the
    /// theme's page colour by default, not dithered; `matte=none` keeps the dither.
    func testDefaultGIFsAreSmoothAndMatteNoneDithers() throws {
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases {
            let smooth = try Decoders.pixels(try directory.write(try render(kind, .gif, ["size": "160"]).0.bytes, to: "\(kind.rawValue).gif"))
            XCTAssertEqual(smooth.width, 160)
            XCTAssertLessThan(stippleShare(smooth), 0.03, "\(kind): stipple in the default GIF")
        }
        // The kinds with large translucent parts: hierarchy's 60 % track, capsules' 20 % trail.
        for kind in [SpinnerKind.circular, .capsules] {
            let dithered = try Decoders.pixels(try directory.write(try render(kind, .gif, ["size": "160", "matte": "none"]).0.bytes,
                                                                   to: "\(kind.rawValue)-none.gif"))
            XCTAssertGreaterThan(stippleShare(dithered), 0.03, "\(kind): matte=none should dither")
        }
        // Dark pages get the dark page colour: the track's translucent gray blended into black.
        let dark = try Decoders.pixels(try directory.write(try render(.circular, .gif, ["theme": "dark"]).0.bytes, to: "dark.gif"))
        let track = dark.rgba(x: Double(dark.width) / 2, y: Double(dark.height) - 3)
        XCTAssertEqual(track.alpha, 255)
        // secondaryLabel in the dark is (235, 235, 245) at 60 %: 141 over black, 243 over white.
        XCTAssertEqual(track.red, 141, accuracy: 3, "the dark theme's track over black, not white: \(track)")
    }

    func testGIFWithAMatteMatchesTheStillOverThatColour() throws {
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases {
            let (image, _) = try render(kind, .gif, ["matte": "white"])
            let path = try directory.write(image.bytes, to: "\(kind.rawValue)-matte.gif")
            let first = directory.path("\(kind.rawValue)-matte-first")
            try Decoders.extractFrames(path, into: first)
            let difference = try Decoders.difference(first + "/000.png", try stillAtZero(kind, [:], in: directory),
                                                     tolerance: 16, background: "ffffff")
            XCTAssertEqual(difference.differing, 0, "\(kind): largest difference \(difference.largest)")
        }
    }

    func testThePNGAtTimeZeroEqualsThePNGOneLoopLater() throws {
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases {
            let loop = try loopMilliseconds(try SpinnerRequest.parse(kind: kind.rawValue, format: .gif, query: []))
            let start = try directory.write(try render(kind, .png, ["t": "0"]).0.bytes, to: "\(kind.rawValue)-0.png")
            let end = try directory.write(try render(kind, .png, ["t": FixedPoint(units: loop, places: 3).description]).0.bytes,
                                          to: "\(kind.rawValue)-loop.png")
            XCTAssertEqual(try Decoders.difference(start, end).differing, 0, "\(kind)")
        }
    }

    func testTheREADMEExampleIsATwoSecondSeamlessGIF() throws {
        let (image, _) = try render(.circular, .gif, ["stroke": "15", "duration": "1", "style": "accent"])
        let directory = try TemporaryDirectory()
        let decoded = try Decoders.inspect(try directory.write(image.bytes, to: "example.gif"))
        XCTAssertEqual(decoded.durations.reduce(0, +), 2000)
        XCTAssertEqual(decoded.loop, 0)
        XCTAssertEqual(decoded.width, 60, "circular's natural size")
    }
}
