import Foundation
import IntegrationSupport
import SpinnerModel
import UnitSupport
import Concurrency
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The real `spinnerd serve` on a loopback port, through real sockets.
final class ServiceHTTPTests: XCTestCase {
    /// GETs every target at once, each on its own connection; a request that fails is left out.
    private static func getConcurrently(_ server: ServerProcess, _ targets: [String]) -> StatusList {
        let results = StatusList()
        for response in server.getConcurrently(targets).compactMap({ $0 }) {
            results.add(response.status, retryAfter: response.header("Retry-After"), cacheControl: response.header("Cache-Control"))
        }
        return results
    }

    /// The sum of every sample of `name` (over its labels).
    private func metric(_ server: ServerProcess, _ name: String) throws -> Double {
        let samples = try server.metricSamples(name)
        XCTAssertFalse(samples.isEmpty, "\(name) missing")
        return samples.reduce(0, +)
    }

    func testEveryFormatOfEveryKindDecodes() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let directory = try TemporaryDirectory()
        for kind in SpinnerKind.allCases.map(\.rawValue) {
            for (format, decoded) in [("png", "PNG"), ("gif", "GIF"), ("apng", "PNG"), ("webp", "WEBP")] {
                let response = try client.get("/spinner/\(kind).\(format)?size=32")
                XCTAssertEqual(response.status, 200, "\(kind).\(format)")
                let path = try directory.write(response.body, to: "\(kind).\(format)")
                let image = try Decoders.inspect(path)
                XCTAssertEqual(image.format, decoded)
                XCTAssertEqual(image.width, 32)
                XCTAssertEqual(image.frames > 1, format != "png", "\(kind).\(format)")
            }
            let svg = try client.get("/spinner/\(kind)?size=32")
            XCTAssertEqual(svg.header("Content-Type"), "image/svg+xml")
            XCTAssertEqual(try ExternalTool.run("xmllint", ["--noout", try directory.write(svg.body, to: "\(kind).svg")]).status, 0)
        }
    }

    func testETagRevalidationHeadAndCacheHits() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let first = try client.get("/spinner/circular.gif?stroke=15&duration=1&style=accent")
        let tag = try XCTUnwrap(first.header("ETag"))
        XCTAssertEqual(first.header("Content-Length"), String(first.body.count))
        let revalidated = try client.get("/spinner/circular.gif?stroke=15&duration=1&style=accent", headers: "If-None-Match: \(tag)\r\n")
        XCTAssertEqual(revalidated.status, 304)
        XCTAssertTrue(revalidated.body.isEmpty)
        // Same picture, other spelling: same entry, same tag, counted as a hit.
        let hitsBefore = try metric(server, "spinnerd_cache_hits_total")
        let equivalent = try client.get("/spinner/circular.gif?style=Accent&stroke=15.00&duration=1000ms")
        XCTAssertEqual(equivalent.header("ETag"), tag)
        XCTAssertEqual(try metric(server, "spinnerd_cache_hits_total"), hitsBefore + 1)
        try client.send("HEAD /spinner/circular.gif?stroke=15&duration=1&style=accent HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try client.receive(headRequest: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), String(first.body.count))
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertTrue(server.logged { $0.contains("cache=hit") })
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let targets = ["/spinner/dots.apng?size=48", "/healthz", "/spinner/arc.png?size=20", "/spinners", "/spinner/activity"]
        try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
        let types = try targets.map { _ in try client.receive().header("Content-Type") ?? "" }
        XCTAssertEqual(types, ["image/apng", "text/plain; charset=utf-8", "image/png", "application/json", "image/svg+xml"])
    }

    func testEveryErrorStatusComesFromARealRequest() throws {
        let server = try ServerProcess(["--request-timeout", "2"])
        let client = try RawHTTPClient(port: server.port)
        XCTAssertEqual(try client.get("/spinner/arc.gif?stroke=99").status, 400)
        XCTAssertEqual(try client.get("/spinner/hexagon").status, 404)
        XCTAssertEqual(try client.get("/elsewhere").status, 404)
        try client.send("DELETE /spinner/arc HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let delete = try client.receive()
        XCTAssertEqual(delete.status, 405)
        XCTAssertEqual(delete.header("Allow"), "GET, HEAD")

        let long = try RawHTTPClient(port: server.port)
        XCTAssertEqual(try long.get("/spinner/arc?title=" + String(repeating: "a", count: 9000)).status, 414)
        let headers = try RawHTTPClient(port: server.port)
        XCTAssertEqual(try headers.get("/healthz", headers: String(repeating: "X-Pad: " + String(repeating: "p", count: 200) + "\r\n", count: 100)).status, 431)
        let slow = try RawHTTPClient(port: server.port)
        try slow.send("GET /healthz HTTP/1.1\r\nHost: loc")
        XCTAssertEqual(try slow.receive().status, 408)
    }

    func testAFullRenderQueueAnswers503() throws {
        let server = try ServerProcess(["--workers", "1", "--render-queue", "1", "--heavy-queue", "1"])
        // Renders of a fifth of a second or more each in release (0.19 s on 2026-12-05;
        // seconds in debug), told apart by `loops`: the six requests, each from a thread of
        // its own, arrive within milliseconds of each other, long before the first render
        // ends, however busy the machine.
        let results = Self.getConcurrently(server, (0..<6).map { "/spinner/circular.apng?size=256&scale=2&loops=\($0)" })
        XCTAssertTrue(results.all.contains(503), "\(results.all)")
        XCTAssertTrue(results.all.contains(200), "\(results.all)")
        XCTAssertTrue(results.retryAfters.allSatisfy { $0 == "1" })
        XCTAssertTrue(results.busyCacheControls.allSatisfy { $0 == "no-store" }, "a 503 is never cached: \(results.busyCacheControls)")
        XCTAssertGreaterThan(try metric(server, "spinnerd_render_rejected_total"), 0)
    }

    func testManyConcurrentIdenticalColdRequestsRenderOnce() throws {
        let server = try ServerProcess()
        let results = Self.getConcurrently(server, Array(repeating: "/spinner/capsules.gif?size=150", count: 16))
        XCTAssertEqual(results.all, Array(repeating: 200, count: 16))
        let client = try RawHTTPClient(port: server.port)
        let renders = try client.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix("spinnerd_renders_total{format=\"gif\"}") }
        XCTAssertEqual(renders, "spinnerd_renders_total{format=\"gif\"} 1")
    }

    func testSIGTERMDuringASlowResponseStillCompletesIt() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port, timeout: 120)
        // A render of nearly a second in release; SIGTERM goes once the server says the
        // render is under way, so the answer is still being made when the drain starts
        // (a fixed pause here raced a release build, whose small renders end in 0.1 s).
        try client.send("GET /spinner/circular.apng?size=256&scale=2 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        guard try waitUntil(every: 0.01, { try metric(server, "spinnerd_render_flights") >= 1 }) else {
            return XCTFail("the render never started")
        }
        let stopper = DispatchQueue.global()
        let exit = Locked<Int32?>(nil)
        let stopped = DispatchSemaphore(value: 0)
        stopper.async {
            exit.set(server.terminate(timeout: 120))
            stopped.signal()
        }
        let response = try client.receive()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertGreaterThan(response.body.count, 1000)
        stopped.wait()
        XCTAssertEqual(exit.value, 0)
        XCTAssertTrue(server.logged { $0.contains("draining") })
    }

    func testHealthcheckCommandReflectsTheServer() throws {
        let server = try ServerProcess()
        XCTAssertEqual(try ExternalTool.run(Repository.spinnerd, ["healthcheck", "--port", String(server.port)]).status, 0)
        let port = server.port
        server.terminate()
        XCTAssertEqual(try ExternalTool.run(Repository.spinnerd, ["healthcheck", "--port", String(port)]).status, 1)
    }
}
