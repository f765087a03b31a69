import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// `--admin-port`: the metrics and the health check on a listener of their own, which a
/// public front never reaches; the public port answers `/metrics` 404. Its few connections
/// are the operators' (probes, scrapers): a flood of them does not reach the visitors.
final class AdminListenerTests: XCTestCase {
    func testMetricsLeaveThePublicPortForTheAdminOne() throws {
        let server = try ServerProcess(["--admin-port", "0"])
        let admin = try XCTUnwrap(server.adminPort, "the start-up line names the admin listener")
        XCTAssertNotEqual(admin, server.port)
        let visitor = try RawHTTPClient(port: server.port)
        let hidden = try visitor.get("/metrics")
        XCTAssertEqual(hidden.status, 404, "the public port never answers the metrics")
        XCTAssertFalse(hidden.text.contains("spinnerd_"), hidden.text)
        let problem = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(hidden.body)) as? [String: Any])
        XCTAssertFalse(try XCTUnwrap(problem["accepted"] as? String).contains("/metrics"), "nor lists them among its paths: \(hidden.text)")
        XCTAssertEqual(try visitor.get("/healthz").status, 200, "the front's health checks still reach the public port")
        XCTAssertEqual(try visitor.get("/spinner/arc.svg?size=20").status, 200)

        let operators = try RawHTTPClient(port: admin)
        let scraped = try operators.get("/metrics")
        XCTAssertEqual(scraped.status, 200)
        XCTAssertTrue(scraped.text.contains("spinnerd_requests_total{route=\"spinner\",status=\"200\"} 1"), scraped.text)
        XCTAssertTrue(scraped.text.contains("spinnerd_requests_total{route=\"other\",status=\"404\"} 1"),
                      "the public refusal is counted: \(scraped.text)")
        XCTAssertEqual(try operators.get("/healthz").status, 200)
        XCTAssertEqual(try operators.get("/healthz", method: "HEAD").status, 200)
        for path in ["/spinner/arc.svg", "/spinners", "/", "/openapi.yaml"] {
            XCTAssertEqual(try operators.get(path).status, 404, "the admin port serves the operators' routes only: \(path)")
        }
        XCTAssertEqual(try operators.get("/metrics", method: "POST").status, 405)
    }

    /// Far more connections than the admin listener takes, all silent: the visitors are
    /// served throughout, and once the flood closes the probe is answered again.
    func testAFloodOfTheAdminPortLeavesTheVisitorsAlone() throws {
        let server = try ServerProcess(["--admin-port", "0"])
        let admin = try XCTUnwrap(server.adminPort)
        var flood: [RawHTTPClient] = []
        for _ in 0 ..< 200 {
            guard let connection = try? RawHTTPClient(port: admin, timeout: 5) else { break }
            flood.append(connection)
        }
        XCTAssertGreaterThan(flood.count, 16, "the flood got its connections open (refused ones linger or close)")
        for size in 20 ..< 25 { XCTAssertEqual(try server.get("/spinner/dots.svg?size=\(size)").status, 200) }
        flood.removeAll()  // closed
        // The flood's sockets close on the server's side as it sees them go: wait for a probe.
        XCTAssertTrue(waitUntil(every: 0.05) { (try? RawHTTPClient(port: admin, timeout: 5).get("/healthz").status) == 200 },
                      "the probe is answered once the flood is gone")
    }

    func testTheAdminPortIsRefusedWhenItIsNotAPort() throws {
        for value in ["65536", "-1", "eighty", ""] where !value.isEmpty {
            let result = try ExternalTool.run(Repository.spinnerd, ["serve", "--admin-port", value])
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.errorText.contains("--admin-port must be a port (0…65535) or off"), result.errorText)
        }
    }
}
