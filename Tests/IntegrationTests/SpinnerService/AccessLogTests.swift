import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// The access log as `spinnerd serve` writes it, through both of the transport's paths (a
/// request parsed and routed, and a cached answer written from the request's raw bytes):
/// JSON lines with the client a trusted front names, the user agent, and no whole signature.
final class AccessLogTests: XCTestCase {
    private func object(_ server: ServerProcess, where predicate: @escaping (String) -> Bool) throws -> [String: Any] {
        XCTAssertTrue(server.logged(timeout: 60) { $0.hasPrefix("{") && predicate($0) }, server.log.joined(separator: "\n"))
        let line = try XCTUnwrap(server.log.last { $0.hasPrefix("{") && predicate($0) })
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    func testJSONLinesNameTheForwardedClientOnBothPaths() throws {
        let server = try ServerProcess(["--log-format", "json", "--trusted-proxies", "127.0.0.0/8"])
        let headers = "User-Agent: spinner-test/1\r\nX-Forwarded-For: 6.6.6.6, 198.51.100.4\r\n"
        XCTAssertEqual(try server.get("/spinner/dots.svg?size=41", headers: headers).status, 200)
        // The second time, the answer is written from the cache's prepared bytes.
        XCTAssertEqual(try server.get("/spinner/dots.svg?size=41", headers: headers).status, 200)
        for cache in ["miss", "hit"] {
            let line = try object(server) { $0.contains("dots.svg?size=41") && $0.contains("\"cache\":\"\(cache)\"") }
            XCTAssertEqual(line["client"] as? String, "198.51.100.4", "the nearest entry the trusted front added")
            XCTAssertEqual(line["peer"] as? String, "127.0.0.1")
            XCTAssertEqual(line["user_agent"] as? String, "spinner-test/1")
            XCTAssertEqual(line["method"] as? String, "GET")
            XCTAssertEqual(line["status"] as? Int, 200)
            XCTAssertNotNil(line["time"] as? String)
        }
    }

    func testAStrangersForwardedForIsIgnoredAndASignatureIsCut() throws {
        let server = try ServerProcess(["--log-format", "json"])
        let signature = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo"
        XCTAssertEqual(try server.get("/spinner/arc.png?sig=\(signature)", headers: "X-Forwarded-For: 6.6.6.6\r\n").status, 400)
        let line = try object(server) { $0.contains("arc.png") }
        XCTAssertEqual(line["client"] as? String, "127.0.0.1", "no front is trusted: the header is the client's word")
        XCTAssertEqual(line["path"] as? String, "/spinner/arc.png?sig=QUJDREVG...")
        XCTAssertFalse(server.log.joined().contains(signature), "the log never holds a whole signature")
    }

    /// In JSON mode every line the server writes, from its start to its stop, is one object
    /// with `time`, `level` and `msg`: the start-up line (with its settings as fields), a
    /// warning, the answers (with the front's request id), the drain and the stop. Probes
    /// are written at `debug` only.
    func testEveryLineIsJSONFromStartToStop() throws {
        // More connections than the descriptors allow: a warning at start.
        let server = try ServerProcess(["--log-format", "json", "--max-connections", "1000000"])
        XCTAssertEqual(try server.get("/spinner/arc.svg?size=21", headers: "X-Request-ID: front-1f2e3d\r\n").status, 200)
        XCTAssertEqual(try server.get("/healthz").status, 200)
        XCTAssertEqual(try server.get("/spinner/arc.svg?size=9999").status, 400)
        XCTAssertEqual(server.terminate(), 0)
        XCTAssertTrue(server.logged { $0.contains("\"msg\":\"stopped\"") }, server.log.joined(separator: "\n"))
        let lines = try server.log.map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        for line in lines {
            XCTAssertNotNil(line["time"] as? String)
            XCTAssertTrue(["debug", "info", "warn", "error"].contains(line["level"] as? String ?? ""), "\(line)")
            XCTAssertNotNil(line["msg"] as? String)
        }
        let start = try XCTUnwrap(lines.first { ($0["msg"] as? String)?.contains("listening on http://") == true })
        XCTAssertEqual(start["port"] as? Int, server.port)
        XCTAssertNotNil(start["cache_bytes"] as? Int)
        XCTAssertTrue(lines.contains { $0["level"] as? String == "warn" && ($0["msg"] as? String)?.contains("--max-connections") == true })
        let answered = lines.filter { $0["msg"] as? String == "request" }
        // Each reactor buffers its lines and writes them at the end of its turn: two
        // connections on two reactors may have their lines land in either order.
        XCTAssertEqual(answered.compactMap { $0["status"] as? Int }.sorted(), [200, 400], "the probe is not written at info")
        XCTAssertEqual(answered.first { $0["status"] as? Int == 200 }?["request_id"] as? String, "front-1f2e3d")
        XCTAssertTrue(lines.contains { ($0["msg"] as? String)?.hasSuffix("draining") == true })
    }

    func testTheDebugLevelWritesProbesAndScrapes() throws {
        let server = try ServerProcess(["--log-format", "json", "--log-level", "debug"])
        XCTAssertEqual(try server.get("/healthz").status, 200)
        XCTAssertEqual(try server.get("/metrics").status, 200)
        for path in ["/healthz", "/metrics"] {
            let line = try object(server) { $0.contains("\"path\":\"\(path)\"") }
            XCTAssertEqual(line["level"] as? String, "debug", path)
        }
    }
}
