import Foundation
import SpinnerModel
import SpinnerRendering
@testable import SpinnerService
import TestSupport
import XCTest

/// openapi.yaml, the /spinners catalog, the README and the code must agree.
final class DocumentAgreementTests: XCTestCase {
    func testCommittedOpenAPIIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: Repository.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        XCTAssertEqual(committed, OpenAPIDocument.yaml(version: ServiceVersion.text),
                       "openapi.yaml is stale: run `make openapi` and commit it")
    }

    func testTheGalleryHeadingNamesEveryFormatOfTheCatalog() throws {
        let heading = try XCTUnwrap(GalleryPage.html.split(separator: "\n").first { $0.contains("Animated loading spinners as") })
        let catalog = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Catalog.json(version: ServiceVersion.text))) as? [String: Any])
        let formats = try XCTUnwrap(catalog["formats"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(formats.count, OutputFormat.allCases.count)
        for name in formats {
            let format = try XCTUnwrap(OutputFormat(rawValue: name))
            XCTAssertTrue(heading.contains(format.displayName), "the gallery's heading leaves out \(format.displayName): \(heading)")
        }
    }

    func testOpenAPIValidatorAcceptsTheSpec() throws {
        let result = try ExternalTool.run("openapi-spec-validator", [Repository.root.appendingPathComponent("openapi.yaml").path])
        XCTAssertEqual(result.status, 0, result.outputText + result.errorText)
    }

    func testOpenAPIParametersMatchTheCatalog() throws {
        // Parsed by Python's YAML reader, not ours, and compared with the catalog JSON.
        let script = """
        import json, sys, yaml
        spec = yaml.safe_load(open(sys.argv[1]))
        catalog = json.load(open(sys.argv[2]))
        problems = []
        for kind in catalog["kinds"]:
            for fmt, ext in [(f["name"], f["extension"]) for f in catalog["formats"]]:
                path = spec["paths"].get("/spinner/%s.%s" % (kind["name"], ext))
                if path is None:
                    problems.append("missing path for %s.%s" % (kind["name"], ext)); continue
                documented = {p["name"]: p["schema"] for p in path["get"]["parameters"]}
                expected = {p["name"]: p for p in kind["parameters"] if fmt in p["formats"]}
                if set(documented) != set(expected):
                    problems.append("%s.%s: %s vs %s" % (kind["name"], fmt, sorted(documented), sorted(expected)))
                for name, parameter in expected.items():
                    schema = documented.get(name, {})
                    for key in ["minimum", "maximum", "enum"]:
                        if parameter.get(key) is not None and schema.get(key) != parameter[key]:
                            problems.append("%s.%s %s %s: %r vs %r" % (kind["name"], fmt, name, key, schema.get(key), parameter[key]))
        print("\\n".join(problems))
        """
        let directory = try TemporaryDirectory()
        let scriptPath = try directory.write(Array(script.utf8), to: "agree.py")
        let catalog = try directory.write(Catalog.json(version: ServiceVersion.text), to: "catalog.json")
        let result = try ExternalTool.run("python3", [scriptPath, Repository.root.appendingPathComponent("openapi.yaml").path, catalog])
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    func testREADMENamesEveryKindParameterAndRoute() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for kind in SpinnerKind.allCases { XCTAssertTrue(readme.contains("`\(kind.rawValue)`"), kind.rawValue) }
        for name in ParameterName.allCases { XCTAssertTrue(readme.contains("`\(name.rawValue)`"), "README lacks parameter \(name.rawValue)") }
        for route in ["/spinner/", "/spinners", "/healthz", "/metrics", "/openapi.yaml"] {
            XCTAssertTrue(readme.contains(route), "README lacks route \(route)")
        }
        for format in OutputFormat.allCases {
            XCTAssertTrue(readme.contains(".\(format.fileExtension)`"), "README lacks the .\(format.fileExtension) route")
            XCTAssertTrue(readme.contains("`\(format.mediaType)`"), "README lacks \(format.mediaType)")
        }
    }

    /// The README starts short: its first screen (60 lines) holds the two commands, an
    /// <img> and a curl; every link to docs/ (from the README and between the pages) resolves
    /// to a file git tracks (one only in the working tree is missing from every clone).
    func testREADMEStartsShortAndItsDocsLinksResolve() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(60).joined(separator: "\n")
        for text in ["make run", "make test", "<img src=\"http", "curl "] {
            XCTAssertTrue(firstScreen.contains(text), "the README's first 60 lines lack \(text)")
        }
        XCTAssertLessThan(readme.split(separator: "\n").count, 200, "the README is long again")
        let docs = Repository.root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        XCTAssertGreaterThanOrEqual(pages.count, 5)
        let listing = try ExternalTool.run("git", ["-c", "safe.directory=*", "-C", Repository.root.path, "ls-files"])
        XCTAssertEqual(listing.status, 0, listing.errorText)
        let tracked = Set(listing.outputText.split(separator: "\n").map(String.init))
        let root = Repository.root.standardized.path + "/"
        var linked = 0
        for (name, base) in [("README.md", Repository.root)] + pages.map({ ($0, docs) }) {
            let text = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: #/\]\(([^)#\s]+\.md)(#[^)]*)?\)/#) {
                let target = base.appendingPathComponent(String(match.output.1)).standardized.path
                XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(name) links to \(match.output.1), which is missing")
                XCTAssertTrue(target.hasPrefix(root) && tracked.contains(String(target.dropFirst(root.count))),
                              "\(name) links to \(match.output.1), which git does not track")
                linked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(linked, 6)
        for page in pages { XCTAssertTrue(readme.contains("(docs/\(page))"), "the README does not link docs/\(page)") }
    }

    /// The README lists every Lottie slot and keypath the catalog does (copies numbered
    /// `N`: `Spinner.Capsule N.Copy.Capsule.Fill`, `dotN`).
    func testREADMEListsEveryLottieSlotAndKeypath() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let catalog = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Catalog.json(version: ServiceVersion.text))) as? [String: Any])
        // "Capsule 12" → "Capsule N", "dot3" → "dotN".
        func numbered(_ text: String) -> String {
            text.split(separator: ".", omittingEmptySubsequences: false).map { part -> String in
                let digits = part.reversed().prefix { $0.isNumber }.count
                guard digits > 0, digits < part.count else { return String(part) }
                return part.dropLast(digits) + "N"
            }.joined(separator: ".")
        }
        for kind in try XCTUnwrap(catalog["kinds"] as? [[String: Any]]) {
            let name = kind["name"] as? String ?? ""
            let lottie = try XCTUnwrap(kind["lottie"] as? [String: Any], name)
            let slots = try XCTUnwrap(lottie["slots"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            let keypaths = try XCTUnwrap(lottie["paints"] as? [[String: Any]]).compactMap { $0["keypath"] as? String }
            XCTAssertFalse(keypaths.isEmpty, name)
            for text in Set((slots + keypaths).map(numbered)) {
                XCTAssertTrue(readme.contains("`\(text)`"), "README does not list \(name)'s `\(text)`")
            }
        }
    }

    /// `docs/pictures/KIND.svg` and `circular-STYLE.svg`, shown by the README, are what
    /// the renderer makes today (`make pictures` writes them).
    func testREADMEPicturesAreShownAndCurrent() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let pictures: [(name: String, kind: SpinnerKind, query: [(name: String, value: String)])] =
            SpinnerKind.allCases.map { ($0.rawValue, $0, [("size", "64")]) }
            + CircularStyle.allCases.map { ("circular-\($0.rawValue)", .circular, [("style", $0.rawValue), ("size", "64")]) }
        for picture in pictures {
            let path = "docs/pictures/\(picture.name).svg"
            XCTAssertTrue(readme.contains("<img src=\"\(path)\""), "the README does not show \(path)")
            let committed = try? Data(contentsOf: Repository.root.appendingPathComponent(path))
            let request = try SpinnerRequest.parse(kind: picture.kind.rawValue, format: .svg, query: picture.query)
            XCTAssertEqual(committed.map { [UInt8]($0) }, try SpinnerRenderer().render(request).bytes,
                           "\(path) is missing or stale: run `make pictures` and commit it")
        }
    }
}
