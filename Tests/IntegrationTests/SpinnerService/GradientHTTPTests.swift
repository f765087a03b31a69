import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import XCTest

/// Gradients and drop shadows through the real server (issue 48): equivalent spellings
/// are one cache entry and one ETag; every format of every kind decodes with a gradient;
/// hostile values get a problem naming the parameter; `spinnerd sign` writes the
/// canonical gradient and the signed URL renders.
final class GradientHTTPTests: XCTestCase {
    func testEquivalentSpellingsShareOneEntryAndOneTag() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let spellings = ["linear-gradient(to%20right,red,blue)", "linear-gradient(90deg,%23f00,%2300f)",
                         "LINEAR-GRADIENT(0.25turn,+red+0%25,+blue+100%25)", "linear-gradient(100grad,rgb(255%200%200),blue)"]
        let first = try client.get("/spinner/circular.gif?color=\(spellings[0])&dropshadow=4")
        XCTAssertEqual(first.status, 200, first.text)
        let tag = try XCTUnwrap(first.header("ETag"))
        let hitsBefore = try server.metricSamples("spinnerd_cache_hits_total").reduce(0, +)
        for spelling in spellings.dropFirst() {
            let again = try client.get("/spinner/circular.gif?dropshadow=4.00,0,0&color=\(spelling)")
            XCTAssertEqual(again.status, 200, spelling)
            XCTAssertEqual(again.header("ETag"), tag, spelling)
        }
        XCTAssertEqual(try server.metricSamples("spinnerd_cache_hits_total").reduce(0, +), hitsBefore + Double(spellings.count - 1))
    }

    func testEveryFormatOfEveryKindDrawsAGradient() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let directory = try TemporaryDirectory()
        let rainbow = "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"
        for kind in SpinnerKind.allCases.map(\.rawValue) {
            for (format, decoded) in [("png", "PNG"), ("gif", "GIF"), ("apng", "PNG"), ("webp", "WEBP")] {
                let response = try client.get("/spinner/\(kind).\(format)?size=32&color=\(rainbow)&background=radial-gradient(white,%23ddd)")
                XCTAssertEqual(response.status, 200, "\(kind).\(format): \(response.text.prefix(200))")
                let image = try Decoders.inspect(try directory.write(response.body, to: "\(kind).\(format)"))
                XCTAssertEqual(image.format, decoded)
                XCTAssertEqual(image.width, 32)
            }
            let svg = try client.get("/spinner/\(kind)?size=32&color=\(rainbow)")
            XCTAssertEqual(svg.status, 200)
            XCTAssertEqual(try ExternalTool.run("xmllint", ["--noout", try directory.write(svg.body, to: "\(kind).svg")]).status, 0)
            let lottie = try client.get("/spinner/\(kind).json?color=\(rainbow)")
            XCTAssertEqual(lottie.status, 200)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(lottie.body)))
        }
    }

    /// The attacks of the issue, through a real socket: each a 400 problem naming the parameter.
    func testHostileGradientsAndShadowsAreProblemsNamingTheParameter() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        // 10 000 stops do not fit a request line: the server refuses the line (414) and closes.
        let tenThousand = (0 ..< 10_000).map { _ in "red" }.joined(separator: ",")
        let huge = try RawHTTPClient(port: server.port).get("/spinner/circular.png?color=linear-gradient(\(tenThousand))")
        XCTAssertEqual(huge.status, 414)
        let hundreds = (0 ..< 500).map { _ in "red" }.joined(separator: ",")
        let attacks: [(String, String)] = [
            ("color", "linear-gradient(red,blue"),
            ("color", "linear-gradient(" + hundreds + ")"),
            ("color", "linear-gradient(linear-gradient(red,blue),red)"),
            ("color", "linear-gradient(NaNdeg,red,blue)"),
            ("color", "linear-gradient(1e308deg,red,blue)"),
            ("color", "conic-gradient(red%2099999deg,blue)"),
            ("color", "linear-gradient(red%00,blue)"),
            ("track", "radial-gradient(circle%2020px,red,blue)"),
            ("background", "conic-gradient(red,blue)"),
            ("color", "liner-gradient(red,blue)"),
            ("dropshadow", "4,0"),
            ("dropshadow", "99"),
            ("dropshadow", "4,0,0,%00"),
        ]
        for (name, value) in attacks {
            let response = try client.get("/spinner/circular.png?\(name)=\(value)")
            XCTAssertEqual(response.status, 400, "\(name)=\(value.prefix(60))")
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
            XCTAssertTrue(response.text.contains("\"parameter\":\"\(name)\""), "\(name)=\(value.prefix(60)): \(response.text.prefix(300))")
        }
        let slip = try client.get("/spinner/circular.png?color=liner-gradient(red,blue)")
        XCTAssertTrue(slip.text.contains("linear-gradient"), slip.text)
        // Still serving.
        XCTAssertEqual(try client.get("/spinner/circular.png?color=linear-gradient(red,blue)").status, 200)
    }

    func testSignWritesTheCanonicalGradientAndItRenders() throws {
        let key = "spinnerd test key - 32 bytes long"
        let signed = try ExternalTool.run(Repository.spinnerd, ["sign", "circular.gif", "color=linear-gradient(to right, Red, #00f)",
                                                                "dropshadow=4,0,0", "--signing-key", key])
        XCTAssertEqual(signed.status, 0, signed.errorText)
        let url = signed.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(url.hasPrefix("/spinner/circular.gif?color=linear-gradient(90deg,ff0000,0000ff)&dropshadow=4&sig="), url)
        let server = try ServerProcess(["--signing-key", key])
        XCTAssertEqual(try server.get(url).status, 200)
    }
}
