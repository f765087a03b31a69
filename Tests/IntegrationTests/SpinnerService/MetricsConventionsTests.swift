import Foundation
import IntegrationSupport
import UnitSupport
import XCTest

/// /metrics in Prometheus's conventions, as operators' tools read it: `promtool check
/// metrics` (Prometheus's own linter) finds nothing to say of the text after answers of
/// every kind, and the standard names are there with values that hold.
final class MetricsConventionsTests: XCTestCase {
    /// The text of /metrics after a render, cached and prepared answers, a 304, refusals
    /// and the documents.
    private func scrapeAfterTraffic(_ server: ServerProcess) throws -> String {
        let client = try RawHTTPClient(port: server.port)
        let first = try client.get("/spinner/circular.svg?size=33")
        XCTAssertEqual(first.status, 200)
        for _ in 0 ..< 3 { XCTAssertEqual(try client.get("/spinner/circular.svg?size=33").status, 200) }
        let tag = try XCTUnwrap(first.header("ETag"))
        XCTAssertEqual(try client.get("/spinner/circular.svg?size=33", headers: "If-None-Match: \(tag)\r\n").status, 304)
        XCTAssertEqual(try client.get("/spinner/circular.svg?size=99999").status, 400)
        XCTAssertEqual(try client.get("/nothing/here").status, 404)
        XCTAssertEqual(try client.get("/healthz").status, 200)
        XCTAssertEqual(try client.get("/spinners").status, 200)
        XCTAssertEqual(try client.get("/spinner/dots.gif?size=30").status, 200)
        return try client.get("/metrics").text
    }

    /// `promtool check metrics` on `text`: its exit status and what it said.
    private func promtool(_ text: String) throws -> (status: Int32, said: String) {
        let result = try ExternalTool.run("promtool", ["check", "metrics"], input: Data(text.utf8))
        return (result.status, result.outputText + result.errorText)
    }

    func testPromtoolFindsNothingToSay() throws {
        let server = try ServerProcess()
        let text = try scrapeAfterTraffic(server)
        let (status, said) = try promtool(text)
        XCTAssertEqual(status, 0, said)
        XCTAssertEqual(said.trimmingCharacters(in: .whitespacesAndNewlines), "", said)
    }

    /// What the alerts and the dashboard read is there before the first of it happens, at 0,
    /// so a `rate()` of it has data (an absent series gives none, and an alert on it could
    /// never fire or clear): refusals by lane and reason, the spinner route's failures,
    /// renders by format, the answer-time histogram.
    func testEveryCounterTheAlertsReadIsThereFromTheStart() throws {
        let server = try ServerProcess()
        let text = try RawHTTPClient(port: server.port).get("/metrics").text
        let samples = Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        var expected = [
            "spinnerd_render_rejected_total{lane=\"quick\",reason=\"queue_full\"} 0",
            "spinnerd_render_rejected_total{lane=\"quick\",reason=\"waited_too_long\"} 0",
            "spinnerd_render_rejected_total{lane=\"heavy\",reason=\"queue_full\"} 0",
            "spinnerd_render_rejected_total{lane=\"heavy\",reason=\"client_limit\"} 0",
            "spinnerd_render_rejected_total{lane=\"heavy\",reason=\"waited_too_long\"} 0",
            "http_request_duration_seconds_count{route=\"spinner\",status=\"2xx\"} 0",
            "spinnerd_render_failed_total 0",
        ]
        expected += ["200", "304", "400", "404", "500", "503"].map { "spinnerd_requests_total{route=\"spinner\",status=\"\($0)\"} 0" }
        expected += ["svg", "apng", "gif", "png", "webp", "lottie"].map { "spinnerd_renders_total{format=\"\($0)\"} 0" }
        for sample in expected { XCTAssertTrue(samples.contains(sample), "missing at start: \(sample)") }
    }

    /// The control: promtool does object to a text that breaks the conventions, so the
    /// check above can fail.
    func testPromtoolObjectsToABrokenText() throws {
        let (status, said) = try promtool("# HELP spinnerd_things Things.\n# TYPE spinnerd_things counter\nspinnerd_things 1\n")
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(said.contains("_total"), said)
    }

    func testTheStandardNamesHoldWhatTheySay() throws {
        let server = try ServerProcess()
        let text = try scrapeAfterTraffic(server)
        func sample(_ line: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(line + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        // Every answer of the spinner route is in the histogram, prepared ones included
        // (as 0 s): five 200s and the 304 besides the refusal.
        XCTAssertEqual(sample("http_request_duration_seconds_count{route=\"spinner\",status=\"2xx\"}"), 5)
        XCTAssertEqual(sample("http_request_duration_seconds_count{route=\"spinner\",status=\"3xx\"}"), 1)
        XCTAssertEqual(sample("http_request_duration_seconds_count{route=\"spinner\",status=\"4xx\"}"), 1)
        XCTAssertEqual(sample("http_request_duration_seconds_count{route=\"other\",status=\"4xx\"}"), 1)
        XCTAssertEqual(sample("http_request_duration_seconds_bucket{route=\"spinner\",status=\"2xx\",le=\"+Inf\"}"), 5)
        XCTAssertEqual(sample("http_request_duration_seconds_count{route=\"health\",status=\"2xx\"}"), 1)
        let version = try ExternalTool.run(Repository.spinnerd, ["--version"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").last.map(String.init)
        XCTAssertEqual(sample("spinnerd_build_info{version=\"\(try XCTUnwrap(version))\"}"), 1)
        let resident = try XCTUnwrap(sample("process_resident_memory_bytes"))
        XCTAssertGreaterThan(resident, Double(1 << 20))
        XCTAssertLessThan(resident, Double(4 << 30))
        let open = try XCTUnwrap(sample("process_open_fds")), most = try XCTUnwrap(sample("process_max_fds"))
        XCTAssertGreaterThan(open, 3)
        XCTAssertLessThanOrEqual(open, most)
        let started = try XCTUnwrap(sample("process_start_time_seconds"))
        let now = Date().timeIntervalSince1970
        XCTAssertLessThanOrEqual(started, now + 1)
        XCTAssertGreaterThan(started, now - 3600, "the server started within the hour")
        XCTAssertGreaterThan(try XCTUnwrap(sample("process_cpu_seconds_total")), 0)
        XCTAssertEqual(sample("spinnerd_render_max_bytes"), Double(240 << 20))
    }

    /// Under a limit (the smaller of `--memory-limit` and the cgroup's, wherever this runs),
    /// the plan's figures are there.
    func testAMemoryLimitShowsItsPlan() throws {
        let asked = 600 << 20
        let server = try ServerProcess(["--memory-limit", String(asked)])
        let text = try server.get("/metrics").text
        func sample(_ name: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let limit = try XCTUnwrap(sample("spinnerd_memory_limit_bytes"), text)
        XCTAssertGreaterThan(limit, 0)
        XCTAssertLessThanOrEqual(limit, Double(asked))
        let renders = try XCTUnwrap(sample("spinnerd_render_memory_capacity_bytes"), text)
        let cache = try XCTUnwrap(sample("spinnerd_cache_capacity_bytes"), text)
        XCTAssertLessThan(renders + cache, limit, "the renders and the cache fit in the limit")
    }
}
