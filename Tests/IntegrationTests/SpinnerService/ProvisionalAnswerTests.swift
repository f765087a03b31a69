import Foundation
import SpinnerModel
import SpinnerRendering
import IntegrationSupport
import UnitSupport
import XCTest

/// `spinnerd serve --provisional` (its default): a cold APNG, GIF or WebP URL is answered at
/// once by a quick encode with a short cache lifetime and its own ETag, and the final
/// encode made behind it replaces it in the cache with `immutable`; both show the same
/// picture (lossless: the same pixels), a 304 is only ever for the tag asked about, the
/// final lands whether or not the first visitor stayed, SIGTERM does not wait for it, and
/// a flood of cold URLs neither starves the answers nor lets the final queue grow unbounded.
final class ProvisionalAnswerTests: XCTestCase {
    /// Cheap in the test build, and its quick and final encodes differ (libwebp method 0 against 4).
    private static let webp = "/spinner/circular.webp?size=32&theme=dark"
    /// An APNG whose quick encode (libdeflate 6, one filter ranking) differs from the final (the cold tiers).
    private static let apng = "/spinner/dots.apng?size=40&color=34c759"

    private static let provisionalPolicy = "public, max-age=60"
    private static let immutablePolicy = "public, max-age=31536000, immutable"

    private func metric(_ server: ServerProcess, _ name: String) throws -> Double {
        try server.metricSamples(name).reduce(0, +)
    }

    /// Waits (polling /metrics, at most `seconds`) until no final encode waits or runs.
    private func waitForFinals(_ server: ServerProcess, seconds: TimeInterval = 600) throws {
        XCTAssertTrue(try waitUntil(seconds: seconds, every: 0.05) { try metric(server, "spinnerd_final_renders_pending") == 0 },
                      "the final encodes did not finish within \(seconds) s")
    }

    /// The server's resident set in KiB (VmRSS), 0 if unreadable.
    private func residentKiB(_ server: ServerProcess) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// What `spinnerd render` writes for `target`'s path and query (with `flags`).
    private func rendered(_ target: String, _ flags: [String] = []) throws -> [UInt8] {
        let path = String(target.dropFirst("/spinner/".count))
        let (name, query) = path.contains("?") ? (String(path.prefix { $0 != "?" }), String(path.drop { $0 != "?" }.dropFirst())) : (path, "")
        let directory = try TemporaryDirectory()
        let file = directory.path("out." + (name.split(separator: ".").last.map(String.init) ?? "svg"))
        let result = try ExternalTool.run(Repository.spinnerd, ["render", name] + query.split(separator: "&").map(String.init) + ["-o", file] + flags)
        XCTAssertEqual(result.status, 0, result.errorText)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// Pillow's digest of what a viewer sees (shown frames and their durations) of each body.
    private func pictures(_ bodies: [[UInt8]], format: String) throws -> [String] {
        let directory = try TemporaryDirectory()
        let paths = try bodies.enumerated().map { try directory.write($0.element, to: "\($0.offset).\(format)") }
        let result = try ExternalTool.run("python3", Repository.imageTool + ["digest"] + paths)
        XCTAssertEqual(result.status, 0, result.errorText)
        let digests = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
        return digests.map { ($0["digest"] as? String) ?? "" }
    }

    func testTheFirstAnswerIsProvisionalAndTheFinalOneReplacesIt() throws {
        let server = try ServerProcess(["--provisional"])
        for target in [Self.webp, Self.apng] {
            let first = try server.get(target)
            XCTAssertEqual(first.status, 200, target)
            XCTAssertEqual(first.header("Cache-Control"), Self.provisionalPolicy, target)
            XCTAssertEqual(first.body, try rendered(target, ["--provisional"]), "the provisional answer is `render --provisional`: \(target)")
            // Served again from the cache until the final encode lands: same bytes, same tag.
            let again = try server.get(target)
            XCTAssertTrue(again.header("ETag") == first.header("ETag") || again.header("Cache-Control") == Self.immutablePolicy, target)
            try waitForFinals(server)
            let final = try server.get(target)
            XCTAssertEqual(final.status, 200)
            XCTAssertEqual(final.header("Cache-Control"), Self.immutablePolicy, target)
            XCTAssertEqual(final.body, try rendered(target), "the final answer is what `spinnerd render` writes: \(target)")
            XCTAssertNotEqual(final.header("ETag"), first.header("ETag"), "its own tag for its own bytes: \(target)")
            XCTAssertLessThan(final.body.count, first.body.count, "the final encode is the smaller: \(target)")
            let format = target.contains(".webp") ? "webp" : "png"
            let digests = try pictures([first.body, final.body], format: format)
            XCTAssertEqual(digests[0], digests[1], "lossless: both show the same frames for the same time: \(target)")
        }
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_total"), 2)
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_not_stored_total"), 0)
    }

    func testAProvisionalTagIsNeverAnsweredWithTheFinalOnesNotModified() throws {
        let server = try ServerProcess(["--provisional"])
        let first = try server.get(Self.webp)
        let provisionalTag = try XCTUnwrap(first.header("ETag"))
        // While it is the cached answer, its tag revalidates.
        let early = try server.get(Self.webp, headers: "If-None-Match: \(provisionalTag)\r\n")
        if early.header("Cache-Control") == Self.provisionalPolicy {
            XCTAssertEqual(early.status, 304)
            XCTAssertEqual(early.header("ETag"), provisionalTag)
        }
        try waitForFinals(server)
        // Once the final one is cached, the provisional tag gets the final bytes (a 200 with
        // their tag and `immutable`), never a 304 that would keep the provisional bytes for a year.
        let later = try server.get(Self.webp, headers: "If-None-Match: \(provisionalTag)\r\n")
        XCTAssertEqual(later.status, 200)
        let finalTag = try XCTUnwrap(later.header("ETag"))
        XCTAssertNotEqual(finalTag, provisionalTag)
        XCTAssertEqual(later.header("Cache-Control"), Self.immutablePolicy)
        XCTAssertFalse(later.body.isEmpty)
        for method in ["GET", "HEAD"] {
            let revalidated = try server.get(Self.webp, headers: "If-None-Match: \(finalTag)\r\n", method: method)
            XCTAssertEqual(revalidated.status, 304, method)
            XCTAssertEqual(revalidated.header("ETag"), finalTag, method)
            XCTAssertEqual(revalidated.header("Cache-Control"), Self.immutablePolicy, method)
            XCTAssertTrue(revalidated.body.isEmpty)
            let both = try server.get(Self.webp, headers: "If-None-Match: \(provisionalTag), \(finalTag)\r\n", method: method)
            XCTAssertEqual(both.status, 304, "either tag listed: the final bytes are current (\(method))")
            XCTAssertEqual(both.header("ETag"), finalTag)
        }
    }

    func testAFinalEncodeIsStoredAfterItsVisitorLeft() throws {
        let server = try ServerProcess(["--provisional"])
        do {
            let client = try RawHTTPClient(port: server.port, timeout: 60)
            try client.send("GET \(Self.apng) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let provisional = try client.receive()
            XCTAssertEqual(provisional.header("Cache-Control"), Self.provisionalPolicy)
        }  // The visitor leaves at once (its socket closes here); the final encode is the URL's, not the connection's.
        try waitForFinals(server)
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_total"), 1)
        XCTAssertEqual(try server.get(Self.apng).header("Cache-Control"), Self.immutablePolicy)
    }

    func testFinalEncodesLandThroughEvictionChurn() throws {
        // A cache of 256 KiB holds about four of these (~50 KB each): every new provisional
        // answer evicts an older one, most of them before their final encode runs.
        let server = try ServerProcess(["--provisional", "--cache-bytes", "262144"])
        let targets = (0 ..< 12).map { "/spinner/circular.webp?size=32&color=\(String(format: "%06x", 0x204060 + $0 * 0x030507))" }
        for target in targets {
            XCTAssertEqual(try server.get(target).header("Cache-Control"), Self.provisionalPolicy, target)
        }
        try waitForFinals(server)
        XCTAssertGreaterThan(try metric(server, "spinnerd_cache_evictions_total"), 0, "the cache churned")
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_total"), Double(targets.count),
                       "every final encode was stored, its provisional answer evicted or not")
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_not_stored_total"), 0)
        // The newest final answers are what the cache holds now.
        for target in targets.suffix(2) {
            XCTAssertEqual(try server.get(target).header("Cache-Control"), Self.immutablePolicy, target)
        }
        // An evicted one is answered provisionally again, and its final encode comes back.
        let evicted = try XCTUnwrap(targets.first)
        let again = try server.get(evicted)
        if again.header("Cache-Control") == Self.provisionalPolicy {
            try waitForFinals(server)
            XCTAssertEqual(try server.get(evicted).header("Cache-Control"), Self.immutablePolicy)
        }
    }

    /// A final encode steps aside between frames while renders visitors wait for run. A
    /// default APNG's final encode is exhaustive (zopfli: `arc`'s takes about 2.4 s of one
    /// core, frame by frame): cold URLs asked meanwhile find it running. They are still
    /// PNGs answered by their final encode at once (15–25 ms of rendering each), which queue
    /// no final encodes of their own. Nothing is timed; the pauses are counted.
    func testAFinalEncodePausesForVisitorsRenders() throws {
        let server = try ServerProcess(["--provisional"])
        XCTAssertEqual(try server.get("/spinner/arc.apng").header("Cache-Control"), Self.provisionalPolicy)
        // The encode may pause once at its first check while the provisional render that
        // queued it ends; every pause beyond that one is for the PNGs below.
        var asked = 0
        while try metric(server, "spinnerd_final_render_pauses_total") < 2 {
            guard asked < 1000, try metric(server, "spinnerd_final_renders_pending") > 0 else {
                return XCTFail("fewer than 2 pauses in \(asked) cold renders while the final encode ran")
            }
            let target = "/spinner/dots.png?size=64&scale=2&color=\(String(format: "%06x", 0x102030 + asked * 0x0a0b07 % 0xefefef))"
            let answer = try server.get(target)
            XCTAssertEqual(answer.status, 200, target)
            XCTAssertEqual(answer.header("Cache-Control"), Self.immutablePolicy, "answered by its final encode: \(target)")
            asked += 1
        }
        // That it goes on after a pause is FinalEncodeLaneTests' (waiting here for the zopfli
        // encode to land took 3 minutes beside `stress-ng --cpu 2`, at nice 19).
        XCTAssertEqual(try metric(server, "spinnerd_final_renders_not_stored_total"), 0, "paused, not dropped or failed")
    }

    func testSIGTERMDoesNotWaitForAFinalEncode() throws {
        // Prerendering queues the defaults' exhaustive (zopfli) APNGs: ~26 s of one core for
        // dots in a release build; the drain must stop them at the next frame.
        let server = try ServerProcess(["--provisional", "--prerender"])
        guard try waitUntil(seconds: 120, every: 0.05, {
            try metric(server, "spinnerd_prerenders_pending") == 0 && metric(server, "spinnerd_final_renders_pending") > 0
        }) else { return XCTFail("no final encode was queued") }
        // The answers are there meanwhile: provisional for the default APNGs.
        XCTAssertEqual(try server.get("/spinner/dots.apng").header("Cache-Control"), Self.provisionalPolicy)
        // A clean exit that left the defaults' zopfli APNGs (~45 s of one core) unfinished:
        // the drain stopped them rather than waited (FinalEncodeLaneTests holds the stop itself).
        // The wait is generous: stopping takes the zopfli frame under way, which at nice 19
        // on a loaded machine is seconds; the proof is the count, not the time.
        XCTAssertEqual(server.terminate(timeout: 300), 0, "SIGTERM stopped the final encodes and exited cleanly")
        XCTAssertTrue(server.logged(timeout: 60) { $0.contains("spinnerd: stopped") })
        let stopped = server.log.last { $0.contains("spinnerd: stopped") } ?? ""
        XCTAssertTrue(stopped.contains("final encodes left unfinished"), "the drain finished the final encodes: \(stopped)")
    }

    func testAFloodOfColdURLsIsAnsweredAndTheFinalQueueStaysBounded() throws {
        // A queue of 16 (`--final-queue`; 256 by default) so that the flood passes its bound
        // with few URLs, and the test does not wait long for the final encodes, which crawl
        // at nice 19 when other work keeps both cores busy.
        let server = try ServerProcess(["--provisional", "--final-queue", "16"])
        // 96 distinct cold URLs, 16 at a time: each answered provisionally; their final
        // encodes wait at the lowest priority behind the answers, at most 16 of them.
        let colours = (0 ..< 96).map { String(format: "%06x", 0x102030 + $0 * 0x0a0b07 % 0xefefef) }
        let targets = colours.map { "/spinner/circular.webp?size=32&color=\($0)" }
        var answered = 0
        var peakPending = 0.0
        var peakResidentKiB = 0
        for start in stride(from: 0, to: targets.count, by: 16) {
            let batch = Array(targets[start ..< min(start + 16, targets.count)])
            let responses = server.getConcurrently(batch)
            answered += responses.filter { $0?.status == 200 }.count
            XCTAssertEqual(responses.compactMap { $0?.header("Cache-Control") }.filter { $0 != Self.provisionalPolicy && $0 != Self.immutablePolicy }, [])
            peakPending = max(peakPending, try metric(server, "spinnerd_final_renders_pending"))
            peakResidentKiB = max(peakResidentKiB, residentKiB(server))
        }
        XCTAssertEqual(answered, targets.count, "every cold URL answered")
        XCTAssertLessThanOrEqual(peakPending, 17, "16 waiting and one running at most")
        // The render budget's promise for the costliest single render (render admission)
        // holds for the whole flood, the waiting final encodes included.
        XCTAssertGreaterThan(peakResidentKiB, 0, "VmRSS read")
        XCTAssertLessThan(peakResidentKiB, 256 << 10, "resident memory stays under 256 MiB")
        try waitForFinals(server, seconds: 600)
        let stored = try metric(server, "spinnerd_final_renders_total")
        let dropped = try metric(server, "spinnerd_final_renders_not_stored_total")
        XCTAssertEqual(stored + dropped, Double(targets.count), "each provisional answer queued its final encode once, or it was dropped")
        // A URL whose final encode was dropped gets it queued again by its next request.
        for target in targets.prefix(3) { _ = try server.get(target) }
        try waitForFinals(server)
        for target in targets.prefix(3) {
            XCTAssertEqual(try server.get(target).header("Cache-Control"), Self.immutablePolicy, target)
        }
    }

}
