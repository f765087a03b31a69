import Foundation
import HTTPServer
@testable import SpinnerService
import XCTest

/// The access log's lines: the client through trusted fronts only, hostile fields kept to
/// one bounded line, a signature never whole, JSON that parses.
final class AccessLogLineTests: XCTestCase {
    private let front = ClientAddress(0x0A00_0005)  // 10.0.0.5
    private let stranger = ClientAddress(0xCB00_7107)  // 203.0.113.7
    private let time = (seconds: 1_796_441_103, nanoseconds: 123_456_789)

    private func entry(_ target: String = "/spinner/circular.gif?size=40", peer: ClientAddress, userAgent: String? = "curl/8",
                       forwardedFor: String? = nil, note: String? = "cache=miss") -> AccessLogEntry {
        AccessLogEntry(request: .init(method: .get, target: target, version: .http11, userAgent: userAgent, forwardedFor: forwardedFor),
                       peer: peer, status: 200, bytes: 25_973, milliseconds: 25, note: note)
    }

    func testATextLineSaysEverything() {
        let line = AccessLogLine.make(entry(peer: stranger), format: .text, trusted: .none, time: time)
        XCTAssertEqual(line, "2026-12-05T03:25:03.123Z 203.0.113.7 \"GET /spinner/circular.gif?size=40 HTTP/1.1\" 200 25973 25ms cache=miss \"curl/8\"")
    }

    func testAJSONLineParsesWithEveryField() throws {
        let line = AccessLogLine.make(entry(peer: front, forwardedFor: "198.51.100.4"), format: .json,
                                      trusted: try XCTUnwrap(TrustedProxies(list: "10.0.0.0/8")), time: time)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["time"] as? String, "2026-12-05T03:25:03.123Z")
        XCTAssertEqual(object["client"] as? String, "198.51.100.4")
        XCTAssertEqual(object["peer"] as? String, "10.0.0.5")
        XCTAssertEqual(object["method"] as? String, "GET")
        XCTAssertEqual(object["path"] as? String, "/spinner/circular.gif?size=40")
        XCTAssertEqual(object["protocol"] as? String, "HTTP/1.1")
        XCTAssertEqual(object["status"] as? Int, 200)
        XCTAssertEqual(object["bytes"] as? Int, 25_973)
        XCTAssertEqual(object["duration_ms"] as? Int, 25)
        XCTAssertEqual(object["cache"] as? String, "miss")
        XCTAssertEqual(object["user_agent"] as? String, "curl/8")
    }

    /// X-Forwarded-For is believed only from a trusted front, and only as far as the
    /// entries trusted fronts added: a client cannot name someone else.
    func testTheClientComesThroughTrustedFrontsOnly() throws {
        let trusted = try XCTUnwrap(TrustedProxies(list: "10.0.0.0/8,192.168.1.7"))
        func client(_ peer: ClientAddress, _ forwarded: String?) -> String { trusted.client(peer: peer, forwardedFor: forwarded) }
        XCTAssertEqual(client(stranger, "1.2.3.4"), "203.0.113.7", "a stranger's header is ignored")
        XCTAssertEqual(client(front, nil), "10.0.0.5", "a front that says nothing is the client")
        XCTAssertEqual(client(front, "198.51.100.4"), "198.51.100.4")
        XCTAssertEqual(client(front, "1.2.3.4, 198.51.100.4, 10.1.2.3"), "198.51.100.4",
                       "the nearest untrusted entry; what a client wrote before it is not believed")
        XCTAssertEqual(client(front, "10.9.9.9,  192.168.1.7"), "10.9.9.9", "all trusted: the farthest")
        XCTAssertEqual(client(front, "unknown"), "unknown")
        XCTAssertEqual(client(front, String(repeating: "x", count: 500)), String(repeating: "x", count: 64) + "...")
        XCTAssertEqual(TrustedProxies(list: "0.0.0.0/0")?.client(peer: stranger, forwardedFor: "8.8.8.8"), "8.8.8.8")
    }

    func testTrustedProxiesAreParsedStrictly() {
        for refused in ["", ",", "10.0.0.0/33", "10.0.0", "10.0.0.0/", "a.b.c.d", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.0/٨", "::1"] {
            XCTAssertNil(TrustedProxies(list: refused), refused)
        }
        XCTAssertNotNil(TrustedProxies(list: "10.0.0.0/8,127.0.0.1"))
    }

    /// A hostile target or user agent stays one bounded line, and a signature is cut.
    func testHostileFieldsStayOneLine() {
        let agent = "evil\u{1}\"agent\\" + String(repeating: "a", count: 1000)
        let line = AccessLogLine.make(entry("/spinner/x.gif?sig=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo&size=4", peer: stranger,
                                            userAgent: agent), format: .text, trusted: .none, time: time)
        XCTAssertFalse(line.contains("\n"))
        XCTAssertTrue(line.contains("sig=QUJDREVG...&size=4"), line)
        XCTAssertFalse(line.contains("QUJDREVGR0hJSktM"), "never the whole signature")
        XCTAssertTrue(line.contains("\"evil\\x01\\\"agent\\\\aaa"), line)
        XCTAssertLessThan(line.count, 700)
        let long = AccessLogLine.make(entry("/" + String(repeating: "p", count: 5000), peer: stranger), format: .json, trusted: .none, time: time)
        XCTAssertLessThan(long.count, 800)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(long.utf8)))
    }

    func testAnAnswerWithoutARequestIsLogged() {
        let refusal = AccessLogEntry(request: .init(method: nil, target: "-", version: nil, userAgent: nil, forwardedFor: nil),
                                     peer: stranger, status: 408, bytes: 0, milliseconds: 10_000, note: nil)
        XCTAssertEqual(AccessLogLine.make(refusal, format: .text, trusted: .none, time: time),
                       "2026-12-05T03:25:03.123Z 203.0.113.7 \"- - -\" 408 0 10000ms - \"-\"")
    }
}
