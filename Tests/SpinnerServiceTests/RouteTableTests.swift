import SpinnerModel
@testable import SpinnerService
import XCTest

/// The route table is what matching, the 404 list, the OpenAPI paths and the metric
/// labels read; these hold each to it, and attack the matching with paths near a route.
final class RouteTableTests: XCTestCase {
    func testEveryPathOfEveryRouteMatchesThatRouteAndNothingElseDoes() {
        for route in ServiceRoute.all {
            for path in route.paths {
                let target = route.matchesBelow ? path + "name.ext" : path
                let matched = ServiceRoute.match(target, gallery: true)
                XCTAssertEqual(matched?.route.paths, route.paths, target)
                XCTAssertEqual(matched.map { String($0.name) }, route.matchesBelow ? "name.ext" : "", target)
            }
        }
        for path in ["", "/spinner", "/spinner/", "/spinner/circular/", "/spinner/circular/x.gif", "/spinners//", "/SPINNERS",
                     "/index.htm", "/healthz/", "/metrics?x", "/gallery/", "/gallery/a/b.js", "//", "/openapi.yml", "/spinner/../healthz"] {
            XCTAssertNil(ServiceRoute.match(path, gallery: true), path)
        }
    }

    func testTheGallerysRoutesAreThereOnlyWithTheGallery() {
        for route in ServiceRoute.all where route.needsGallery {
            let target = route.matchesBelow ? route.paths[0] + "gallery.js" : route.paths[0]
            XCTAssertNil(ServiceRoute.match(target, gallery: false), target)
            XCTAssertNotNil(ServiceRoute.match(target, gallery: true), target)
        }
        XCTAssertFalse(ServiceRoute.listed(gallery: false).hasSuffix(", /"))
        XCTAssertTrue(ServiceRoute.listed(gallery: true).hasSuffix(", /"), "the gallery is listed last, when on")
    }

    func testASpinnerAddressNamesAnUnknownExtensionBeforeAnUnknownKind() {
        XCTAssertThrowsError(try SpinnerAddress("circuler.jpeg").resolved()) { XCTAssertEqual($0 as? RequestError, .unknownFormat("jpeg")) }
        XCTAssertThrowsError(try SpinnerAddress("circuler.gif").resolved()) { XCTAssertEqual($0 as? RequestError, .unknownKind("circuler")) }
        XCTAssertThrowsError(try SpinnerAddress("circular.").resolved()) { XCTAssertEqual($0 as? RequestError, .unknownFormat("")) }
        XCTAssertThrowsError(try SpinnerAddress(".gif").resolved()) { XCTAssertEqual($0 as? RequestError, .unknownKind("")) }
        let read = try? SpinnerAddress("Circular.GIF").resolved()
        XCTAssertEqual(read?.kind, .circular)
        XCTAssertEqual(read?.format, .gif)
        XCTAssertEqual(try? SpinnerAddress("dots").resolved().format, .some(nil), "no extension: the format comes from the query or is SVG")
        let dotted = SpinnerAddress("dots.tar.json")
        XCTAssertEqual(try? dotted.format.get(), .lottie, "the last dot starts the extension")
        XCTAssertThrowsError(try dotted.resolved()) { XCTAssertEqual($0 as? RequestError, .unknownKind("dots.tar")) }
    }

    func testTheOpenAPIDocumentListsEveryRouteOfTheTableAndNoOther() {
        let text = OpenAPIDocument.yaml(version: "test")
        // The paths are the keys two spaces in, quoted: `  "/spinner/circular":`.
        let documented = Set(text.split(separator: "\n").filter { $0.hasPrefix("  \"/") && $0.hasSuffix("\":") }
            .map { String($0.dropFirst(3).dropLast(2)) })
        var expected: Set<String> = []
        for route in ServiceRoute.all {
            if route.label == .spinner {
                for kind in SpinnerKind.allCases {
                    expected.insert(ServicePaths.spinner(kind.rawValue))
                    for format in OutputFormat.allCases { expected.insert(ServicePaths.spinner("\(kind.rawValue).\(format.fileExtension)")) }
                }
            } else if route.description != nil {
                expected.insert(route.paths[0])
            }
        }
        XCTAssertEqual(documented, expected)
        for route in ServiceRoute.all where route.description != nil {
            XCTAssertTrue(text.contains("operationId: \"get-\(route.label.name)\""), route.label.name)
        }
    }

    func testEveryRouteLabelButOtherBelongsToARoute() {
        let used = Set(ServiceRoute.all.map(\.label))
        XCTAssertEqual(used.union([.other]), Set(RouteLabel.allCases))
    }
}
