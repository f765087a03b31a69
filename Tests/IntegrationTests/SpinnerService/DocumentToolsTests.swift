import Foundation
import SpinnerModel
@testable import SpinnerService
import IntegrationSupport
import UnitSupport
import XCTest

/// openapi.yaml, the catalog and the docs as tools nobody here wrote read them: the
/// OpenAPI validator, Python's YAML reader, git's list of tracked files.
final class DocumentToolsTests: XCTestCase {
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
}
