import Foundation
@testable import SpinnerService
import SpinnerModel
import IntegrationSupport
import UnitSupport
import XCTest

/// Signed mode through the real server and `spinnerd sign`: signed URLs render; unsigned,
/// tampered and borrowed ones get 403; keys rotate; bad keys stop the server.
final class SignedModeTests: XCTestCase {
    private func sign(_ key: String, _ kind: String, _ pairs: String...) throws -> String {
        let result = try ExternalTool.run(Repository.spinnerd, ["sign", kind] + pairs + ["--signing-key", key])
        XCTAssertEqual(result.status, 0, result.errorText)
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testSignedModeRendersOnlySignedURLs() throws {
        let key = "spinnerd test key - 32 bytes long"
        let server = try ServerProcess(["--signing-key", key])
        let signed = try sign(key, "circular", "format=gif", "stroke=15")
        XCTAssertTrue(signed.hasPrefix("/spinner/circular?format=gif&stroke=15&sig="), signed)
        let sig = String(signed.split(separator: "=").last ?? "")
        XCTAssertEqual(try server.get(signed).status, 200)
        // The same image spelled another way: the signature is over the canonical form.
        XCTAssertEqual(try server.get("/spinner/circular.GIF?stroke=15.0&size=60&sig=\(sig)").status, 200)
        let refused = try server.get("/spinner/circular.gif?stroke=15")
        XCTAssertEqual(refused.status, 403, "unsigned")
        XCTAssertEqual(refused.header("Content-Type"), "application/problem+json")
        XCTAssertTrue(refused.text.contains("\"parameter\":\"sig\""), refused.text)
        XCTAssertEqual(try server.get("/spinner/circular.gif?stroke=16&sig=\(sig)").status, 403, "tampered value")
        XCTAssertEqual(try server.get("/spinner/circular.apng?stroke=15&sig=\(sig)").status, 403, "another format")
        XCTAssertEqual(try server.get("/spinner/circular.gif?stroke=15&sig=\(sig.dropLast())A").status, 403, "tampered signature")
        XCTAssertEqual(try server.get("/spinner/circular.gif?stroke=15&sig=\(sig)&sig=\(sig)").status, 403, "two signatures")
        // A Lottie document is signed like any image; the signature names its format.
        let lottie = try sign(key, "capsules", "format=lottie", "count=9")
        let lottieSig = String(lottie.split(separator: "=").last ?? "")
        let document = try server.get(lottie)
        XCTAssertEqual(document.status, 200)
        XCTAssertEqual(document.header("Content-Type"), "application/json")
        XCTAssertEqual(try server.get("/spinner/capsules.json?count=9&sig=\(lottieSig)").status, 200)
        XCTAssertEqual(try server.get("/spinner/capsules.svg?count=9&sig=\(lottieSig)").status, 403, "another format")
        // Another URL's signature does not carry over to this one.
        let other = try sign(key, "dots", "size=40")
        let otherSig = String(other.split(separator: "=").last ?? "")
        XCTAssertEqual(try server.get("/spinner/dots?size=41&sig=\(otherSig)").status, 403)
        XCTAssertEqual(try server.get(other).status, 200)
        // A version of one's own (v) is signed like any parameter; tracking parameters ride along.
        let versioned = try sign(key, "arc", "format=webp", "v=3")
        let versionSig = String(versioned.split(separator: "=").last ?? "")
        XCTAssertEqual(try server.get(versioned).status, 200)
        XCTAssertEqual(try server.get("/spinner/arc.webp?v=3&utm_source=newsletter&sig=\(versionSig)").status, 200)
        XCTAssertEqual(try server.get("/spinner/arc.webp?v=4&sig=\(versionSig)").status, 403, "another version")
        XCTAssertEqual(try server.get("/spinner/arc.webp?sig=\(versionSig)").status, 403, "no version")
        // The gallery is off in signed mode; the catalog and health stay.
        XCTAssertEqual(try server.get("/").status, 404)
        XCTAssertEqual(try server.get("/spinners").status, 200)
        XCTAssertEqual(try server.get("/healthz").status, 200)
        // Unsigned mode knows no sig parameter.
        let open = try ServerProcess()
        XCTAssertEqual(try open.get(signed).status, 400)
        XCTAssertEqual(try open.get("/").status, 200)
    }

    func testKeysRotateAndTheGalleryCanBeAskedFor() throws {
        let old = "the old signing key - 29 bytes", new = "the new signing key - 29 bytes"
        let oldURL = try sign(old, "arc", "size=30"), newURL = try sign(new, "arc", "size=30")
        let both = try ServerProcess(["--signing-key", "\(new),\(old)", "--gallery"])
        XCTAssertEqual(try both.get(oldURL).status, 200, "the old key verifies during rotation")
        XCTAssertEqual(try both.get(newURL).status, 200)
        XCTAssertEqual(try both.get("/").status, 200, "--gallery serves the gallery in signed mode")
        let newOnly = try ServerProcess([], environment: ["SPINNERD_SIGNING_KEY": new])
        XCTAssertEqual(try newOnly.get(oldURL).status, 403, "the old key is retired")
        XCTAssertEqual(try newOnly.get(newURL).status, 200)
        // A weak key is refused at start, not served with.
        XCTAssertThrowsError(try ServerProcess(["--signing-key", "too short"]))
        XCTAssertThrowsError(try ServerProcess(["--signing-key", "a long enough first key,short"]))
    }

    /// A front or CDN may keep what a URL itself means (400, 403, 404) for a minute; the
    /// server's state (503) never.
    func testErrorsACacheCanHold() throws {
        let server = try ServerProcess(["--signing-key", "spinnerd test key - 32 bytes long"])
        XCTAssertEqual(try server.get("/spinner/hexagon").header("Cache-Control"), "public, max-age=60")
        XCTAssertEqual(try server.get("/spinner/dots?size=9999").header("Cache-Control"), "public, max-age=60")
        XCTAssertEqual(try server.get("/spinner/dots").header("Cache-Control"), "public, max-age=60")  // 403
        XCTAssertEqual(try server.get("/healthz").header("Cache-Control"), "no-store")
        let shorter = try ServerProcess(["--error-max-age", "5"])
        XCTAssertEqual(try shorter.get("/spinner/arc.gif?stroke=99").header("Cache-Control"), "public, max-age=5")
        let never = try ServerProcess(["--error-max-age", "0"])
        XCTAssertEqual(try never.get("/spinner/arc.gif?stroke=99").header("Cache-Control"), "no-store")
    }

    /// The new options refuse what they cannot mean: the server does not start.
    func testBadSigningGalleryAndErrorCachingValuesStopTheServer() throws {
        for arguments in [["--signing-key", ","], ["--signing-key", "   "], ["--gallery=maybe"],
                          ["--error-max-age", "-1"], ["--error-max-age", "86401"], ["--error-max-age", "1m"]] {
            XCTAssertThrowsError(try ServerProcess(arguments), "\(arguments)")
        }
        XCTAssertThrowsError(try ServerProcess([], environment: ["SPINNERD_ERROR_MAX_AGE": "forever"]))
        let off = try ServerProcess(["--gallery=false"])
        XCTAssertEqual(try off.get("/").status, 404, "--gallery=false turns the gallery off")
        XCTAssertEqual(try off.get("/").header("Cache-Control"), "public, max-age=60")
    }

    /// `spinnerd sign` takes its key from the flag (either spelling) or the environment,
    /// and refuses to sign without one or with a weak one.
    func testSignTakesItsKeyFromTheFlagOrTheEnvironmentAndRefusesWeakOnes() throws {
        let key = "spinnerd test key - 32 bytes long"
        let flagged = try sign(key, "arc", "size=30")
        let spelled = try ExternalTool.run(Repository.spinnerd, ["sign", "arc", "--signing-key=\(key)", "size=30"])
        XCTAssertEqual(spelled.outputText.trimmingCharacters(in: .whitespacesAndNewlines), flagged)
        let environment = try ExternalTool.run("env", ["SPINNERD_SIGNING_KEY=\(key)", Repository.spinnerd, "sign", "arc", "size=30"])
        XCTAssertEqual(environment.outputText.trimmingCharacters(in: .whitespacesAndNewlines), flagged)
        for arguments in [["sign", "arc"], ["sign", "arc", "--signing-key", "short"], ["sign", "arc", "--signing-key"]] {
            let refused = try ExternalTool.run("env", ["-u", "SPINNERD_SIGNING_KEY", Repository.spinnerd] + arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertTrue(refused.outputText.isEmpty, "nothing signed: \(arguments)")
        }
    }
}
