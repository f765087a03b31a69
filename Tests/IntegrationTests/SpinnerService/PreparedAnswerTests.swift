import Foundation
import Concurrency
import IntegrationSupport
import UnitSupport
import XCTest

/// The fast path for cached answers (found from the request's raw bytes, answered with a
/// response written out ahead) against the parsed path, through real sockets: for every
/// method, version, `Connection`, `If-None-Match` and `Accept-Encoding` a client may send,
/// a URL's first answer from the cache (parsed: a new spelling) and its next (fast) are
/// the same bytes but for `Date`; pipelined hits and misses keep their order; hostile
/// spellings are refused on both paths alike.
final class PreparedAnswerTests: XCTestCase {
    /// Status line and fields without `Date`, and the body.
    private func comparable(_ response: RawHTTPClient.Response) -> String {
        "\(response.status) " + response.headers.filter { $0.0.lowercased() != "date" }.map { "\($0.0): \($0.1)" }.joined(separator: "|")
            + " body \(response.body.count) bytes, tag of body \(response.body.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })"
    }

    func testFastAnswersAreTheParsedAnswers() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        // Rendered first (a miss), so every spelling below is answered from the cache.
        let images = ["/spinner/arc.svg?size=40", "/spinner/circular.gif?size=64&theme=dark", "/spinner/dots.png?size=24"]
        var tags: [String: String] = [:]
        for image in images {
            try client.send("GET \(image) HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
            let response = try client.receive()
            XCTAssertEqual(response.status, 200, image)
            tags[image] = response.header("ETag")
        }
        var spelling = 0
        for image in images {
            let tag = try XCTUnwrap(tags[image])
            let variants: [(method: String, version: String, fields: String)] = [
                ("GET", "HTTP/1.1", ""), ("HEAD", "HTTP/1.1", ""), ("GET", "HTTP/1.1", "Accept-Encoding: gzip, br\r\n"),
                ("GET", "HTTP/1.1", "accept-encoding: gzip;q=0\r\n"), ("GET", "HTTP/1.1", "Accept-Encoding: *\r\n"),
                ("GET", "HTTP/1.1", "Accept-Encoding: gzip\r\nIf-None-Match: \(tag)\r\n"),
                ("GET", "HTTP/1.1", "If-None-Match: \"nope\", W/\(tag)\r\nAccept-Encoding: gzip\r\n"),
                ("GET", "HTTP/1.1", "If-None-Match: *\r\n"), ("GET", "HTTP/1.1", "If-None-Match: \"nope\"\r\n"),
                ("GET", "HTTP/1.0", ""), ("HEAD", "HTTP/1.0", "Connection: keep-alive\r\n"),
                ("GET", "HTTP/1.1", "Connection: keep-alive, CLOSE\r\n"), ("GET", "HTTP/1.1", "Content-Length: 2\r\n"),
            ]
            for variant in variants {
                spelling += 1
                // A spelling not seen before is parsed (and becomes an alias); the same bytes
                // again take the fast path.
                let target = image + "&" + String(repeating: "&", count: spelling)
                var answers: [String] = []
                for _ in 0 ..< 2 {
                    let connection = try RawHTTPClient(port: server.port)
                    let body = variant.fields.hasPrefix("Content-Length") ? "ok" : ""
                    try connection.send("\(variant.method) \(target) \(variant.version)\r\nHost: t\r\n\(variant.fields)\r\n\(body)")
                    let response = try connection.receive(headRequest: variant.method == "HEAD")
                    let closes = variant.version == "HTTP/1.0" ? !variant.fields.contains("keep-alive") : variant.fields.contains("CLOSE")
                    XCTAssertEqual(response.header("Connection")?.lowercased() == "close", closes, "\(variant) \(target)")
                    answers.append(comparable(response))
                }
                XCTAssertEqual(answers[0], answers[1], "\(variant.method) \(variant.version) \(variant.fields) \(target)")
                XCTAssertTrue(answers[1].hasPrefix(variant.fields.contains(tag) || variant.fields.contains("If-None-Match: *") ? "304" : "200"), answers[1])
            }
        }
        XCTAssertTrue(server.logged { $0.contains("cache=hit") })
    }

    /// One write holding hits (fast), a miss (rendered later) and hits after it: answered in
    /// the order asked, the hits after the miss waiting their turn.
    func testPipelinedHitsAndMissesKeepTheirOrder() throws {
        let server = try ServerProcess()
        let client = try RawHTTPClient(port: server.port)
        let hit = "/spinner/arc.svg?size=33", miss = "/spinner/dots.apng?size=47"
        for _ in 0 ..< 2 {
            try client.send("GET \(hit) HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.receive().status, 200)
        }
        let targets = [hit, hit, miss, hit, "/healthz", hit]
        try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        let types = try targets.map { _ in try client.receive().header("Content-Type") ?? "" }
        XCTAssertEqual(types, ["image/svg+xml", "image/svg+xml", "image/apng", "image/svg+xml", "text/plain; charset=utf-8", "image/svg+xml"])
    }

    /// A cached answer far larger than a slow client's link takes at once (670 KB through
    /// a 4 KiB window of 536-byte segments): the fast path writes what the socket takes and
    /// queues the rest, which arrives whole, as the first (parsed) answer's bytes; then the
    /// connection answers the next request, and a HEAD of it, in turn.
    func testALargeCachedAnswerReachesASlowClientWhole() throws {
        let server = try ServerProcess()
        let image = "/spinner/circular.apng?size=300"
        let first = try RawHTTPClient(port: server.port)
        try first.send("GET \(image) HTTP/1.1\r\nHost: t\r\n\r\n")
        let parsed = try first.receive()
        XCTAssertEqual(parsed.status, 200)
        XCTAssertGreaterThan(parsed.body.count, 500_000)
        let slow = try RawHTTPClient(port: server.port, timeout: 30, narrow: true)
        for _ in 0 ..< 2 {
            try slow.send("GET \(image) HTTP/1.1\r\nHost: t\r\n\r\n")
            let fast = try slow.receive()
            XCTAssertEqual(fast.status, 200)
            XCTAssertEqual(fast.header("Content-Length"), String(parsed.body.count))
            XCTAssertTrue(fast.body == parsed.body, "the same bytes, whole")
        }
        try slow.send("HEAD \(image) HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try slow.receive(headRequest: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("ETag"), parsed.header("ETag"))
    }

    /// Hostile bytes around a cached URL's target get what the parse gives them, the second
    /// time as the first (the fast path finds nothing for them): a target with a control
    /// byte or a space, a bare LF, a second Host, Transfer-Encoding, an unknown method, and
    /// the cached target in absolute form (served, by the parse).
    func testHostileSpellingsOfACachedTargetAreAnsweredAsByTheParse() throws {
        let server = try ServerProcess()
        let image = "/spinner/arc.svg?size=41"
        let warm = try RawHTTPClient(port: server.port)
        for _ in 0 ..< 2 {
            try warm.send("GET \(image) HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try warm.receive().status, 200)
        }
        let attacks: [(request: [UInt8], status: Int)] = [
            (Array("GET \(image)\u{01} HTTP/1.1\r\nHost: t\r\n\r\n".utf8), 400),
            (Array("GET \(image) x HTTP/1.1\r\nHost: t\r\n\r\n".utf8), 400),
            (Array("GET \(image) HTTP/1.1\nHost: t\r\n\r\n".utf8), 400),
            (Array("GET \(image) HTTP/1.1\r\nHost: t\r\nHost: u\r\n\r\n".utf8), 400),
            (Array("GET \(image) HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), 501),
            (Array("GETT \(image) HTTP/1.1\r\nHost: t\r\n\r\n".utf8), 501),
            (Array("GET \(image) HTTP/1.1\r\nHost: t\r\nIf-None-Match: \"a\u{7F}\"\r\n\r\n".utf8), 400),
            (Array("GET \(image) HTTP/1.1\r\nHost: t\r\nContent-Length: 1, 1\r\n\r\n".utf8), 400),
            (Array("POST \(image) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n".utf8), 405),
            (Array("GET http://t\(image) HTTP/1.1\r\nHost: t\r\n\r\n".utf8), 200),
        ]
        for attack in attacks {
            for round in 0 ..< 2 {
                let client = try RawHTTPClient(port: server.port)
                try client.send(attack.request)
                XCTAssertEqual(try client.receive().status, attack.status, "round \(round): \(String(decoding: attack.request, as: UTF8.self).debugDescription)")
            }
        }
    }

    /// Cached answers are lent to the event loops without a reference count, and freed
    /// only after a grace period: while four keep-alive clients on two loops ask, in bursts,
    /// for more images than a small cache holds (so images are evicted and rendered again
    /// all along, GIFs in memfds among them), every answer is its image's bytes, whole.
    func testCachedAnswersStayWholeWhileTheirImagesAreEvicted() throws {
        let server = try ServerProcess(["--cache-bytes", "80000", "--event-loops", "2", "--prerender=false"])
        let targets = ["ff3b30", "34c759", "007aff", "af52de"].map { "/spinner/circular.gif?color=\($0)" }
            + (0 ..< 8).map { "/spinner/arc.svg?size=\(40 + $0)" }
        var expected: [String: [UInt8]] = [:]
        let warm = try RawHTTPClient(port: server.port)
        for target in targets {
            try warm.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try warm.receive()
            XCTAssertEqual(response.status, 200, target)
            expected[target] = response.body
        }
        XCTAssertGreaterThan(expected[targets[0]]?.count ?? 0, 16 * 1024, "the GIFs are sent from memfds")
        let bodies = expected
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { client in
            do {
                let connection = try RawHTTPClient(port: server.port, timeout: 60)
                for step in 0 ..< 160 {
                    let target = targets[(client * 5 + step / 4) % targets.count]
                    try connection.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
                    let response = try connection.receive()
                    if response.status != 200 || response.body != bodies[target] {
                        failures.withLock { $0.append("client \(client) step \(step) \(target): \(response.status), \(response.body.count) bytes") }
                    }
                }
            } catch {
                failures.withLock { $0.append("client \(client): \(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        // The churn happened: images left the cache all along, and most answers were hits.
        XCTAssertGreaterThan(try server.metricSamples("spinnerd_cache_evictions_total").reduce(0, +), 40)
        XCTAssertGreaterThan(try server.metricSamples("spinnerd_cache_hits_total").reduce(0, +), 300)
    }
}
