import Foundation
import SpinnerModel
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
            for fmt in ["svg", "apng", "gif", "png"]:
                path = spec["paths"].get("/spinner/%s.%s" % (kind["name"], fmt))
                if path is None:
                    problems.append("missing path for %s.%s" % (kind["name"], fmt)); continue
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
    }
}
