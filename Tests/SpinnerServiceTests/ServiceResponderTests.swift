import Foundation
import HTTPServer
import SpinnerModel
@testable import SpinnerService
import UnitSupport
import Concurrency
import XCTest

/// The routes through the responder interface, without sockets.
final class ServiceResponderTests: XCTestCase {
    func get(_ service: SpinnerService, _ target: String, method: HTTPMethod = .get, headers: [(HTTPFieldName, String)] = []) throws -> HTTPResponse {
        try service.answer(to: HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "t")] + headers)))
    }

    /// A service for one test, stopped when the test ends (its render threads with it). Its
    /// render deadline and wait limit are an hour: no test here is about them, and a debug
    /// build beside a load on both cores can take over the default 10 s for a costly render.
    func service(_ configuration: ServiceConfiguration) -> SpinnerService {
        var configuration = configuration
        configuration.renderTimeout = TestProfile.renderTimeout
        configuration.queueTimeout = TestProfile.queueTimeout
        let service = SpinnerService(configuration: configuration)
        addTeardownBlock { service.stop() }
        return service
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        // Bodies of 16 KB or more (the catalog) are in a memfd, sent by sendfile.
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.bodyFile?.bytes() ?? response.body)) as? [String: Any])
    }

    func testImagesCarryTheHeadersUsersRelyOn() throws {
        let service = service(ServiceConfiguration())
        let svg = try get(service, "/spinner/arc")
        XCTAssertEqual(svg.status, 200)
        XCTAssertEqual(svg.headers["Content-Type"], "image/svg+xml")
        XCTAssertEqual(svg.headers["Cache-Control"], "public, max-age=31536000, immutable")
        XCTAssertEqual(svg.headers["Access-Control-Allow-Origin"], "*")
        XCTAssertEqual(svg.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(svg.headers["Content-Security-Policy"], "default-src 'none'; style-src 'unsafe-inline'")
        XCTAssertTrue(svg.headers["ETag"]?.hasPrefix("\"") ?? false)
        for (path, type) in [("/spinner/arc.apng", "image/apng"), ("/spinner/arc.gif", "image/gif"), ("/spinner/arc.png", "image/png"),
                             ("/spinner/arc?format=png", "image/png")] {
            let response = try get(service, path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.headers["Content-Type"], type, path)
            XCTAssertNil(response.headers["Vary"], "raster images are not compressed: \(path)")
        }
    }

    func testGzipIsNegotiatedWithItsOwnETag() throws {
        let service = service(ServiceConfiguration())
        let plain = try get(service, "/spinner/capsules")
        let gzip = try get(service, "/spinner/capsules", headers: [("Accept-Encoding", "br, gzip;q=0.8")])
        XCTAssertEqual(gzip.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(gzip.headers["Vary"], "Accept-Encoding")
        XCTAssertLessThan(gzip.body.count, plain.body.count)
        XCTAssertNotEqual(gzip.headers["ETag"], plain.headers["ETag"])
        XCTAssertNil(try get(service, "/spinner/capsules", headers: [("Accept-Encoding", "gzip;q=0")]).headers["Content-Encoding"])
    }

    func testIfNoneMatchGives304() throws {
        let service = service(ServiceConfiguration())
        let first = try get(service, "/spinner/dots.png")
        let tag = try XCTUnwrap(first.headers["ETag"])
        let again = try get(service, "/spinner/dots.png", headers: [("If-None-Match", "\"other\", W/\(tag)")])
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        XCTAssertEqual(again.headers["ETag"], tag)
        XCTAssertEqual(try get(service, "/spinner/dots.png", headers: [("If-None-Match", "\"stale\"")]).status, 200)
    }

    func testEquivalentURLsShareOneEntryAndETag() throws {
        let service = service(ServiceConfiguration())
        let first = try get(service, "/spinner/circular.gif?stroke=15&duration=1&style=accent")
        let second = try get(service, "/spinner/circular.gif?style=ACCENT&duration=1.000&stroke=15.0&fps=30&loops=0")
        XCTAssertEqual(first.headers["ETag"], second.headers["ETag"])
        XCTAssertEqual(first.logNote, .cacheMiss)
        XCTAssertEqual(second.logNote, .cacheHit)
        XCTAssertEqual(service.metrics.renderCount, 1)
    }

    /// CSS colours as people write them share one cache entry and ETag with their hex;
    /// malformed ones are 400 naming `color`; an empty one (an unescaped `#`) says why.
    func testCSSColourSpellingsShareOneETag() throws {
        let service = service(ServiceConfiguration())
        let spellings = ["rgb(255%200%200)", "rgb(255,0,0)", "rgba(255,0,0,1)", "rgb(100%25+0%25+0%25)", "hsl(0+100%25+50%25)",
                         "red", "ff0000", "%23ff0000"]
        let tags = try spellings.map { try get(service, "/spinner/arc.png?color=\($0)").headers["ETag"] }
        XCTAssertEqual(Set(tags.compactMap { $0 }).count, 1, "\(zip(spellings, tags).map { "\($0.0): \($0.1 ?? "400")" })")
        XCTAssertEqual(tags.compactMap { $0 }.count, spellings.count)
        XCTAssertEqual(service.metrics.renderCount, 1)
        for bad in ["rgb(256,0,0)", "hsl(0,100%25)", "rgb(1,2,3,4,5)", String(repeating: "a", count: 10_000)] {
            let response = try get(service, "/spinner/arc.png?color=\(bad)")
            XCTAssertEqual(response.status, 400, String(bad.prefix(30)))
            XCTAssertEqual(try json(response)["parameter"] as? String, "color")
        }
        let empty = try get(service, "/spinner/arc.png?color=")
        XCTAssertEqual(empty.status, 400)
        XCTAssertTrue((try json(empty)["detail"] as? String ?? "").contains("%23ff0000"))
    }

    func testErrorsAreProblemDocuments() throws {
        let service = service(ServiceConfiguration())
        let bad = try get(service, "/spinner/arc.gif?stroke=99")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.headers["Content-Type"], "application/problem+json")
        let problem = try json(bad)
        XCTAssertEqual(problem["parameter"] as? String, "stroke")
        XCTAssertEqual(problem["value"] as? String, "99")
        XCTAssertEqual(problem["accepted"] as? String, "1 to 14")

        let unknown = try get(service, "/spinner/hexagon.gif")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(try json(unknown)["kinds"] as? [String], SpinnerKind.allCases.map(\.rawValue))
        XCTAssertEqual(try get(service, "/nowhere").status, 404)
        XCTAssertEqual(try get(service, "/spinner/arc.bmp").status, 400)

        // A budget refusal names the largest size the same estimate admits.
        var tight = ServiceConfiguration()
        tight.budget.maxPixelFrames = 200_000
        let small = self.service(tight)
        let large = try get(small, "/spinner/circular.gif?size=200")
        XCTAssertEqual(large.status, 400)
        let admitted = try XCTUnwrap(try json(large)["largest_size"] as? Int, "largest_size in \(String(decoding: large.body, as: UTF8.self))")
        XCTAssertEqual(try get(small, "/spinner/circular.gif?size=\(admitted)", method: .head).status, 200)
        XCTAssertEqual(try get(small, "/spinner/circular.gif?size=\(admitted + 1)", method: .head).status, 400)
        XCTAssertNil(problem["largest_size"], "only budget refusals carry it")
        // A slip is answered with a guess.
        XCTAssertTrue((try json(try get(service, "/spinner/arc.gif?colour=red"))["detail"] as? String ?? "").contains("did you mean 'color'?"))

        // `slowdown` (issue 64), attacked through the URL: a problem naming it, or a budget
        // refusal naming what would pass; never an image it does not describe.
        for hostile in ["0", "9", "-4", "4.5", "4%00", "1e1", "8" + String(repeating: "0", count: 40), "four"] {
            let refused = try get(service, "/spinner/dots.gif?slowdown=\(hostile)")
            XCTAssertEqual(refused.status, 400, hostile)
            XCTAssertEqual(try json(refused)["parameter"] as? String, "slowdown", hostile)
        }
        for format in ["svg", "png", "json", "lottie"] {
            XCTAssertEqual(try json(try get(service, "/spinner/dots.\(format)?slowdown=4"))["parameter"] as? String, "slowdown", format)
        }
        // 60 frames a second of dots' 6 s loop slowed 8 times is 2 880 frames: over the budget's 1 800.
        let slowest = try json(try get(service, "/spinner/dots.webp?slowdown=8&fps=60"))
        XCTAssertEqual(slowest["parameter"] as? String, "fps", "\(slowest)")
        XCTAssertTrue((slowest["detail"] as? String ?? "").contains("2880 frames"), "\(slowest)")

        let post = try get(service, "/spinner/arc", method: .post)
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["Allow"], "GET, HEAD")
    }

    func testCatalogListsKindsParametersAndStyles() throws {
        let service = service(ServiceConfiguration())
        let response = try get(service, "/spinners")
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        let catalog = try json(response)
        let kinds = try XCTUnwrap(catalog["kinds"] as? [[String: Any]])
        XCTAssertEqual(kinds.compactMap { $0["name"] as? String }, SpinnerKind.allCases.map(\.rawValue))
        let circular = kinds[0]
        XCTAssertEqual(circular["styles"] as? [String], ["bubbledForeground", "hierarchy", "accent", "nineties"])
        XCTAssertEqual(circular["loopSeconds"] as? Double, 3.5)
        let stroke = try XCTUnwrap((circular["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "stroke" })
        XCTAssertEqual(stroke["minimum"] as? Double, 1)
        XCTAssertEqual(stroke["maximum"] as? Double, 30)
        XCTAssertEqual(stroke["default"] as? String, "10")

        // The system colours the service draws, every name and alias, for swatches and apps.
        let colours = try XCTUnwrap(catalog["systemColors"] as? [[String: Any]])
        XCTAssertEqual(colours.compactMap { $0["name"] as? String }, SystemColor.allCases.map(\.rawValue))
        for (entry, colour) in zip(colours, SystemColor.allCases) {
            XCTAssertEqual([entry["light"] as? String, entry["dark"] as? String], [colour.light.hex, colour.dark.hex], colour.rawValue)
        }
        let blue = try XCTUnwrap(colours.first { $0["name"] as? String == "systemBlue" })
        XCTAssertEqual([blue["light"] as? String, blue["dark"] as? String], ["007aff", "0a84ff"])
        XCTAssertEqual(blue["aliases"] as? [String], ["accent", "accentcolor"])
        // circular's color and track default to the style's: each style's colours are listed,
        // and they are what the renderer draws (a request naming them is the default's twin).
        let parameters = try XCTUnwrap(circular["parameters"] as? [[String: Any]])
        let puck = try XCTUnwrap(parameters.first { $0["name"] as? String == "color" }?["styleDefaults"] as? [String: [String]])
        XCTAssertEqual(puck, ["bubbledForeground": ["f0f0f0"], "hierarchy": ["label"], "accent": ["systemBlue"],
                              "nineties": ["systemPurple", "systemRed"]])
        let track = try XCTUnwrap(parameters.first { $0["name"] as? String == "track" }?["styleDefaults"] as? [String: [String]])
        XCTAssertEqual(track["hierarchy"], ["secondaryLabel"])
        // (bubbledForeground's puck is white 0.94, which hex rounds to f0f0f0: a swatch's
        // colour, not the exact paint.)
        for style in ["hierarchy", "accent"] {
            let plain = try get(service, "/spinner/circular.png?style=\(style)&theme=dark")
            let named = try get(service, "/spinner/circular.png?style=\(style)&theme=dark&color=\(puck[style]?[0] ?? "")&track=\(track[style]?[0] ?? "")")
            XCTAssertTrue(plain.status == 200 && plain.body == named.body, "\(style): the listed colours are the style's own")
        }
        XCTAssertNil(kinds[1]["parameters"].flatMap { ($0 as? [[String: Any]])?.first { $0["name"] as? String == "color" }?["styleDefaults"] },
                     "activity's colour does not depend on a style")
    }

    /// Lottie is served like every image: `.json` or `format=lottie`, application/json,
    /// cached for a year, CORS, ETag and 304, gzip with its own tag; what does not apply to
    /// it is refused; every default kind is small; the catalog lists its slots and paints.
    func testLottieIsServedLikeEveryImage() throws {
        let service = service(ServiceConfiguration())
        let lottie = try get(service, "/spinner/capsules.json")
        XCTAssertEqual(lottie.status, 200)
        XCTAssertEqual(lottie.headers["Content-Type"], "application/json")
        XCTAssertEqual(lottie.headers["Cache-Control"], "public, max-age=31536000, immutable")
        XCTAssertEqual(lottie.headers["Access-Control-Allow-Origin"], "*")
        XCTAssertEqual(lottie.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(lottie.headers["Vary"], "Accept-Encoding")
        let document = try json(lottie)
        XCTAssertEqual(document["nm"] as? String, "spinnerd capsules")
        XCTAssertEqual(document["w"] as? Int, 215)
        let tag = try XCTUnwrap(lottie.headers["ETag"])
        for spelling in ["/spinner/capsules?format=lottie", "/spinner/capsules.JSON", "/spinner/capsules.json?size=215&theme=light"] {
            let response = try get(service, spelling)
            XCTAssertEqual(response.status, 200, spelling)
            XCTAssertEqual(response.headers["ETag"], tag, "one document, one tag: \(spelling)")
        }
        let again = try get(service, "/spinner/capsules.json", headers: [("If-None-Match", tag)])
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        let gzip = try get(service, "/spinner/capsules.json", headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(gzip.headers["Content-Encoding"], "gzip")
        XCTAssertNotEqual(gzip.headers["ETag"], tag)
        XCTAssertLessThan(gzip.body.count, lottie.body.count)
        // Only .json names a Lottie document (.lottie a dotLottie file); format=json is not a format.
        XCTAssertEqual(try get(service, "/spinner/capsules.lottie").headers["Content-Type"], "application/zip+dotlottie")
        XCTAssertEqual(try get(service, "/spinner/capsules.dotlottie").status, 400)
        XCTAssertEqual(try get(service, "/spinner/capsules?format=json").status, 400)
        // What does nothing for a Lottie document is refused, naming the parameter.
        for (name, value) in [("loops", "2"), ("fps", "20"), ("scale", "2"), ("matte", "fff"), ("t", "1"), ("title", "Busy")] {
            let refused = try get(service, "/spinner/capsules.json?\(name)=\(value)")
            XCTAssertEqual(refused.status, 400, name)
            XCTAssertEqual(try json(refused)["parameter"] as? String, name)
        }
        // Every default kind: at most 2 KB gzipped, as sent, and 12 KB as written. (8 KB as
        // written until the documents took the exporter's form, each item with its names,
        // match name and property indexes: dots, eight dots each with its own colour, opacity
        // slot and pulse, went from 7.4 to 10.7 KB, and from 0.76 to 1.05 KB gzipped.)
        for kind in SpinnerKind.allCases {
            let plain = try get(service, "/spinner/\(kind.rawValue).json")
            let zipped = try get(service, "/spinner/\(kind.rawValue).json", headers: [("Accept-Encoding", "gzip")])
            print("lottie size: \(kind.rawValue): \(plain.body.count) bytes, \(zipped.body.count) gzipped")
            XCTAssertLessThanOrEqual(plain.body.count, 12_288, kind.rawValue)
            XCTAssertLessThanOrEqual(zipped.body.count, 2048, kind.rawValue)
        }
        // The catalog: each kind's slots and the keypaths of its paints, as in the document.
        let catalog = try json(try get(service, "/spinners"))
        let formats = try XCTUnwrap(catalog["formats"] as? [[String: Any]])
        let format = try XCTUnwrap(formats.first { $0["name"] as? String == "lottie" })
        XCTAssertEqual(format["extension"] as? String, "json")
        XCTAssertEqual(format["mediaType"] as? String, "application/json")
        let kinds = try XCTUnwrap(catalog["kinds"] as? [[String: Any]])
        let circular = try XCTUnwrap(kinds.first?["lottie"] as? [String: Any])
        let slots = try XCTUnwrap(circular["slots"] as? [[String: Any]])
        XCTAssertEqual(Set(slots.compactMap { $0["id"] as? String }), ["puck", "track"])
        XCTAssertEqual(Set(slots.compactMap { $0["opacitySlot"] as? String }), ["puckOpacity", "trackOpacity"])
        XCTAssertEqual(slots.first { $0["id"] as? String == "track" }?["color"] as? String, "3c3c4399", "secondaryLabel, 60 % opaque")
        let paints = try XCTUnwrap(circular["paints"] as? [[String: Any]])
        XCTAssertEqual(Set(paints.compactMap { $0["keypath"] as? String }), ["Spinner.Puck.Stroke", "Spinner.Track.Stroke"])
        let activity = try XCTUnwrap(kinds[1]["lottie"] as? [String: Any])
        let activityPaints = try XCTUnwrap(activity["paints"] as? [[String: Any]])
        XCTAssertEqual(activityPaints.count, 12)
        XCTAssertTrue(activityPaints.allSatisfy { $0["slot"] as? String == "color" && $0["paint"] as? String == "fill" })
        let circularDocument = try json(try get(service, "/spinner/circular.json"))
        let documentSlots = try XCTUnwrap(circularDocument["slots"] as? [String: Any])
        XCTAssertEqual(Set(documentSlots.keys), ["puck", "track", "puckOpacity", "trackOpacity"])
        XCTAssertEqual(((documentSlots["trackOpacity"] as? [String: Any])?["p"] as? [String: Any])?["k"] as? Double, 60)
    }

    func testKindsAndExtensionsAreCaseInsensitive() throws {
        let service = service(ServiceConfiguration())
        let lower = try get(service, "/spinner/arc.png")
        for path in ["/spinner/arc.PNG", "/spinner/arc.Png", "/spinner/Arc.png", "/spinner/ARC.PNG"] {
            let response = try get(service, path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.headers["Content-Type"], "image/png", path)
            XCTAssertEqual(response.headers["ETag"], lower.headers["ETag"], "one image, one tag: \(path)")
        }
    }
}
