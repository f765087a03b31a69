import Foundation
import HTTPServer
import SpinnerModel
@testable import SpinnerService
import UnitSupport
import Concurrency
import XCTest

/// Renders through the responder: one render for identical cold requests, clients who
/// left, the count of answers made later, the heavy share, a full queue, forged
/// signatures, and the prepared answers of cached URLs.
extension ServiceResponderTests {
    func testConcurrentIdenticalColdRequestsRenderOnce() throws {
        let service = service(ServiceConfiguration(lanes: RenderScheduler.Limits(quickWorkers: 2)))
        let group = DispatchGroup()
        let statuses = StatusList()
        for _ in 0..<20 {
            group.enter()
            DispatchQueue.global().async {
                service.respond(to: HTTPRequest(method: .get, target: "/spinner/dots.apng?size=40", headers: HTTPHeaders([("Host", "t")]))) { response in
                    statuses.add(response.status.code)
                    group.leave()
                }
            }
        }
        group.wait()
        XCTAssertEqual(statuses.all, Array(repeating: 200, count: 20))
        XCTAssertEqual(service.metrics.renderCount, 1)
    }

    func testRendersWhoseClientsLeftAreDroppedAndCounted() throws {
        let service = service(ServiceConfiguration(
            lanes: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 4, heavyPerClient: 0)))
        // Heavy renders (dots APNG at 100 px: about half a second each): one runs, two wait.
        var pending: [PendingResponse] = []
        for size in 100 ..< 103 {
            let request = HTTPRequest(method: .get, target: "/spinner/dots.apng?size=\(size)", headers: HTTPHeaders([("Host", "t")]))
            guard case .later(let waiting) = service.respond(to: request) else { return XCTFail("a cold render is answered later") }
            pending.append(waiting)
        }
        XCTAssertEqual(service.renders.inFlight, 3)
        for waiting in pending { waiting.cancel() }
        XCTAssertEqual(service.renders.queued[.heavy], 0, "queued renders nobody waits for are dropped at once")
        XCTAssertEqual(service.renders.inFlight, 0)
        XCTAssertTrue(service.exposition()
            .contains("spinnerd_render_cancelled_total{reason=\"client_gone\"} 3"))
        // The same image asked again is rendered afresh and delivered.
        XCTAssertEqual(try get(service, "/spinner/dots.apng?size=100").status, 200)
        // Counted as requests: the one answered; not the three nobody was answered.
        let text = service.exposition()
        XCTAssertTrue(text.contains("spinnerd_requests_total{route=\"spinner\",status=\"200\"} 1\n"), text)
        XCTAssertTrue(text.contains("spinnerd_requests_total{route=\"spinner\",status=\"503\"} 0\n"), text)
    }

    func testAnAnswerMadeLaterIsCountedOnceWhenItIsSent() throws {
        let service = service(ServiceConfiguration())
        // A cold render (answered later), then the same URL from the cache (answered now).
        XCTAssertEqual(try get(service, "/spinner/arc.gif?size=41").status, 200)
        XCTAssertEqual(try get(service, "/spinner/arc.gif?size=41").status, 200)
        XCTAssertEqual(service.metrics.renderCount, 1)
        let text = service.exposition()
        XCTAssertTrue(text.contains("spinnerd_requests_total{route=\"spinner\",status=\"200\"} 2\n"), text)
        XCTAssertTrue(text.contains("http_request_duration_seconds_count{route=\"spinner\",status=\"2xx\"} 2\n"), text)
    }

    /// The heavy lane's per-client share counts the client a request's origin names (behind
    /// a front, the one it forwarded for), not the socket's peer: one client at its share is
    /// refused while another, arriving through the same front, is still admitted.
    func testTheHeavyShareCountsTheForwardedClientNotTheFront() throws {
        // Every render heavy (over a millisecond's estimate), so the share decides.
        let service = service(ServiceConfiguration(
            lanes: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 4, heavyQueue: 4, heavyPerClient: 1),
            quickRender: .milliseconds(1)))
        let front = ClientAddress(0x0A00_0005)
        func ask(_ size: Int, for origin: ClientOrigin) -> HTTPAnswer {
            var request = HTTPRequest(method: .get, target: "/spinner/dots.apng?size=\(size)", headers: HTTPHeaders([("Host", "t")]))
            request.client = front
            request.origin = origin
            return service.respond(to: request)
        }
        let one = ClientOrigin.address(ClientAddress(0xC633_6401)), other = ClientOrigin.named("2001:db8::7")
        // A refusal comes through the render's flight, before `respond` returns.
        func answered(_ answer: HTTPAnswer) -> HTTPResponse? {
            let answered = Locked<HTTPResponse?>(nil)
            if case .later(let pending) = answer { pending.whenAnswered { response in answered.withLock { $0 = response } } }
            return answered.withLock { $0 }
        }
        guard case .later(let first) = ask(100, for: one) else { return XCTFail("a cold heavy render is answered later") }
        let refused = answered(ask(101, for: one))
        XCTAssertEqual(refused?.status, 503, "the client's second heavy render is refused at once")
        XCTAssertEqual(refused?.logNote, AccessLogNote("reason", "client_limit"), "its log line says why")
        let secondAnswer = ask(102, for: other)
        XCTAssertNil(answered(secondAnswer), "another client behind the same front is still admitted")
        guard case .later(let second) = secondAnswer else { return XCTFail("a cold heavy render is answered later") }
        first.cancel()
        second.cancel()
        XCTAssertTrue(service.exposition()
            .contains("spinnerd_render_rejected_total{lane=\"heavy\",reason=\"client_limit\"} 1"))
    }

    func testAFullRenderQueueAnswers503WithRetryAfter() throws {
        // A debug build renders slowly: the deadline is far (service(_:)), so every render ends in 200.
        let service = service(ServiceConfiguration(
            lanes: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1, quickQueue: 1, heavyQueue: 1)))
        let group = DispatchGroup()
        let responses = StatusList()
        for size in 100..<106 {
            group.enter()
            service.respond(to: HTTPRequest(method: .get, target: "/spinner/dots.apng?size=\(size)", headers: HTTPHeaders([("Host", "t")]))) { response in
                responses.add(response.status.code, retryAfter: response.headers["Retry-After"])
                group.leave()
            }
        }
        group.wait()
        XCTAssertTrue(responses.all.contains(503), "\(responses.all)")
        XCTAssertTrue(responses.all.contains(200))
        XCTAssertEqual(responses.retryAfters, Array(repeating: "1", count: responses.all.filter { $0 == 503 }.count))
    }
    /// Signed mode under attack: URLs with no, empty, malformed, huge or forged signatures
    /// are all 403, start no render and leave nothing cached; a signed URL is still served.
    func testForgedSignaturesCostNoRenderAndLeaveNothingBehind() throws {
        let signing = try XCTUnwrap(URLSigning(keys: ["spinnerd test key - 32 bytes long"]))
        let service = service(ServiceConfiguration(signing: signing, gallery: false))
        let wellFormedButWrong = String(repeating: "A", count: URLSigning.signatureLength)
        var attacks = ["/spinner/dots.apng", "/spinner/dots.apng?sig=", "/spinner/dots.apng?sig=%21%21",
                       "/spinner/dots.apng?sig=" + String(repeating: "A", count: 60_000),
                       "/spinner/dots.apng?sig=\(wellFormedButWrong)=", "/spinner/dots.apng?sig=\(wellFormedButWrong)&sig=\(wellFormedButWrong)",
                       "/spinner/nonsense?size=-1&sig=%00"]
        attacks += (0 ..< 5_000).map { "/spinner/circular.gif?size=\(16 + $0 % 200)&stroke=\(1 + $0 % 29)&sig=\(wellFormedButWrong)" }
        for target in attacks {
            let response = try get(service, target)
            XCTAssertEqual(response.status, 403, String(target.prefix(120)))
            XCTAssertEqual(response.headers["Content-Type"], "application/problem+json")
        }
        let metrics = String(decoding: try get(service, "/metrics").body, as: UTF8.self)
        for line in ["spinnerd_cache_misses_total 0", "spinnerd_cache_entries 0", "spinnerd_render_flights 0"] {
            XCTAssertTrue(metrics.contains("\n" + line + "\n"), "\(line) after the forged URLs")
        }
        let canonical = try SpinnerRequest.parse(kind: "dots", format: .apng, query: []).canonicalForm
        XCTAssertEqual(try get(service, "/spinner/dots.apng?sig=\(signing.signature(of: canonical))").status, 200)
    }

    private func prepared(_ service: SpinnerService, _ target: String, head: Bool = false, ifNoneMatch: String? = nil,
                          acceptEncoding: String? = nil) -> HTTPPreparedResponse? {
        func withBytes<Result>(_ text: String?, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
            guard let text else { return body(nil) }
            return Array(text.utf8).withUnsafeBytes { body($0) }
        }
        return withBytes(target) { target in
            withBytes(ifNoneMatch) { ifNoneMatch in
                withBytes(acceptEncoding) { acceptEncoding in
                    target.flatMap {
                        service.preparedResponse(to: HTTPRequestBytes(isHead: head, target: $0, ifNoneMatch: ifNoneMatch, acceptEncoding: acceptEncoding))?
                            .counted  // no event loop reads: the test keeps its own reference
                    }
                }
            }
        }
    }

    /// The prepared answer is there only for a spinner URL answered from the cache before
    /// (after its image was rendered and the URL validated), spelling by spelling, and it
    /// is the same response the parsed request gets: status, fields, body, 304 and gzip.
    func testPreparedAnswersAreTheParsedRequestsAnswers() throws {
        let service = service(ServiceConfiguration(gallery: false))
        let target = "/spinner/arc.svg?size=40&stroke=3"
        XCTAssertNil(prepared(service, target), "never seen")
        XCTAssertEqual(try get(service, target).status, 200)  // rendered: a miss, no alias yet
        XCTAssertNil(prepared(service, target), "rendered, but its spelling not yet seen on a hit")
        let parsed = try get(service, target, headers: [("Accept-Encoding", "gzip")])
        let fast = try XCTUnwrap(prepared(service, target, acceptEncoding: "gzip"))
        XCTAssertEqual(fast.status, 200)
        XCTAssertEqual(fast.body, parsed.body)
        XCTAssertEqual(fast.logNote, .cacheHit)
        var written: [UInt8] = [], expected: [UInt8] = []
        let framing = HTTPFraming(status: 200, version: .http11, isHead: false, keepAlive: true)
        Array("D".utf8).withUnsafeBytes { date in
            HTTPResponseSerializer.writeHead(fast, framing: framing, date: date, to: &written)
            HTTPResponseSerializer.writeHead(HTTPPreparedResponse(parsed), framing: framing, date: date, to: &expected)
        }
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        let tag = try XCTUnwrap(parsed.headers["ETag"])
        XCTAssertEqual(prepared(service, target, ifNoneMatch: "W/\(tag)", acceptEncoding: "br, gzip")?.status, 304)
        XCTAssertEqual(prepared(service, target, ifNoneMatch: tag)?.status, 200, "the gzip tag does not match the identity body")
        XCTAssertEqual(prepared(service, target)?.body.count, try get(service, target).body.count)
        XCTAssertNil(prepared(service, target + "&"), "another spelling waits for its own parse")
        XCTAssertNil(prepared(service, "/spinners"), "documents are not aliased")
        XCTAssertNil(prepared(service, "/spinner/arc.svg?size=-4"), "nor refused URLs")
        XCTAssertEqual(try get(service, "/spinner/arc.svg?size=-4").status, 400)
        XCTAssertNil(prepared(service, "/spinner/arc.svg?size=-4"))
    }

    /// In signed mode a URL becomes a prepared answer only once its signature was checked;
    /// the same image asked for with a forged signature is parsed and refused every time.
    func testPreparedAnswersInSignedModeNeedTheCheckedSignature() throws {
        let signing = try XCTUnwrap(URLSigning(keys: ["spinnerd test key - 32 bytes long"]))
        let service = service(ServiceConfiguration(signing: signing, gallery: false))
        let canonical = try SpinnerRequest.parse(kind: "arc", format: .svg, query: []).canonicalForm
        let signed = "/spinner/arc.svg?sig=\(signing.signature(of: canonical))"
        let forged = "/spinner/arc.svg?sig=" + String(repeating: "A", count: URLSigning.signatureLength)
        XCTAssertEqual(try get(service, signed).status, 200)
        XCTAssertEqual(try get(service, signed).status, 200)
        XCTAssertNotNil(prepared(service, signed))
        for _ in 0 ..< 3 {
            XCTAssertEqual(try get(service, forged).status, 403)
            XCTAssertNil(prepared(service, forged))
        }
    }
}
