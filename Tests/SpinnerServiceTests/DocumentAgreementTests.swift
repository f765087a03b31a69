import Foundation
import SpinnerModel
import SpinnerRendering
@testable import SpinnerService
import UnitSupport
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

    /// Every spinner URL the README and the docs show is one the service answers: it parses
    /// and its render is within the budget (an example that drifted from the code fails here).
    func testEverySpinnerURLInTheREADMEAndDocsIsAccepted() throws {
        let files = ["README.md", "docs/lottie.md", "docs/formats.md", "docs/operations.md", "docs/paints.md"]
        // A query may hold parentheses (a gradient); a `)` it does not open closes the prose around it.
        let pattern = try NSRegularExpression(pattern: "/spinner/([A-Za-z]+)(\\.[a-z]+)?(\\?[^\"'`\\s<>]*)?")
        var checked = 0
        for file in files {
            let path = Repository.root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: path.path) else { continue }
            let text = try String(contentsOf: path, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let whole = Range(match.range, in: text), let kindRange = Range(match.range(at: 1), in: text) else { continue }
                let url = String(text[whole])
                // A pattern in prose (`/spinner/KIND`, `/spinner/{kind}`) is not an example, nor
                // is a signed URL (its `sig=…` is a placeholder; SignedModeTests sign real ones).
                guard SpinnerKind(rawValue: String(text[kindRange])) != nil, !url.contains("sig=") else { continue }
                let format = Range(match.range(at: 2), in: text).flatMap { OutputFormat(fileExtension: String(text[$0].dropFirst())) }
                var query = Range(match.range(at: 3), in: text).map { String(text[$0].dropFirst()) } ?? ""
                while query.hasSuffix(")") && query.filter({ $0 == ")" }).count > query.filter({ $0 == "(" }).count { query.removeLast() }
                let pairs = query.split(separator: "&").map { pair -> (name: String, value: String) in
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], (parts.count > 1 ? parts[1] : "").removingPercentEncoding ?? "")
                }
                do {
                    let request = try SpinnerRequest.parse(kind: String(text[kindRange]), format: format, query: pairs)
                    _ = try SpinnerRenderer().prepare(request)
                    checked += 1
                } catch {
                    XCTFail("\(file): \(url) is refused: \(error)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5, "no spinner URLs found in the docs")
    }

    func testREADMENamesEveryKindParameterAndRoute() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for kind in SpinnerKind.allCases { XCTAssertTrue(readme.contains("`\(kind.rawValue)`"), kind.rawValue) }
        for name in ParameterName.allCases { XCTAssertTrue(readme.contains("`\(name.rawValue)`"), "README lacks parameter \(name.rawValue)") }
        for route in ServiceRoute.all where route.listed != nil {
            XCTAssertTrue(readme.contains(route.paths[0]), "README lacks route \(route.paths[0])")
        }
        for format in OutputFormat.allCases {
            XCTAssertTrue(readme.contains(".\(format.fileExtension)`"), "README lacks the .\(format.fileExtension) route")
            XCTAssertTrue(readme.contains("`\(format.mediaType)`"), "README lacks \(format.mediaType)")
        }
    }

    /// The README's first screen (issue 64: the usage fell below it at 1280 × 800) says what
    /// spinnerd is, the two commands and one embed, in its first 20 lines; and its prose is
    /// short sentences: none outside tables, code and HTML runs past 50 words (a list item
    /// starts a sentence). The gallery's paragraph was one sentence of 160 words.
    func testTheREADMEsFirstScreenAndSentencesAreShort() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let top = lines.prefix(20).joined(separator: "\n")
        for needed in ["Animated loading spinners from a URL", "make run", "make test", "<img src=\"http://localhost:8080/spinner/"] {
            XCTAssertTrue(top.contains(needed), "the README's first 20 lines lack \(needed)")
        }
        var inCode = false, prose = ""
        for line in lines {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, !line.hasPrefix("|"), !line.hasPrefix("<"), !line.hasPrefix("#") else { continue }
            prose += (line.drop { $0 == " " }.hasPrefix("- ") ? ". " : " ") + line
        }
        // A sentence ends at a full stop, question or exclamation mark followed by a space.
        let sentences = prose.split(separator: /[.!?](?:\s|$)/)
        XCTAssertGreaterThan(sentences.count, 50, "the README's prose was read")
        let long = sentences.filter { $0.split(separator: " ").count > 50 }
        XCTAssertEqual(long.map { String($0.prefix(80)) }, [], "sentences of more than 50 words in the README")
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
