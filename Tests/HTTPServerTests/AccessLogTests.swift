import Foundation
@testable import HTTPServer
import XCTest

/// The access log's lines: the client through trusted fronts only, hostile fields kept to
/// one bounded line of valid text, a signature never whole, JSON that parses, a level per
/// line, the front's request id on both formats; and the log levels' choice of answers.
final class AccessLogTests: XCTestCase {
    private let front = ClientAddress(0x0A00_0005)  // 10.0.0.5
    private let stranger = ClientAddress(0xCB00_7107)  // 203.0.113.7
    private let time = (seconds: 1_796_441_103, nanoseconds: 123_456_789)
    private let miss = AccessLogNote("cache", "miss")

    /// The line `log` writes for a request of these parts, answered 200 with 25 973 bytes in 25 ms.
    private func line(_ log: AccessLog, _ target: String = "/spinner/circular.gif?size=40", peer: ClientAddress,
                      userAgent: String? = "curl/8", forwardedFor: String? = nil, requestID: String? = nil,
                      status: HTTPStatus = 200, note: AccessLogNote? = AccessLogNote("cache", "miss"), routine: Bool = false) -> String {
        AccessLogRequest(method: .get, version: .http11, target: target, userAgent: userAgent, forwardedFor: forwardedFor,
                         requestID: requestID).withView { request in
            log.line(AccessLogRecord(request: request, peer: peer, status: status, bytes: 25_973, milliseconds: 25, note: note,
                                     routine: routine), time: time)
        }
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testATextLineSaysEverything() {
        let log = AccessLog(level: .info, format: .text)
        XCTAssertEqual(line(log, peer: stranger),
                       "2026-12-05T03:25:03.123Z 203.0.113.7 \"GET /spinner/circular.gif?size=40 HTTP/1.1\" 200 25973 25ms cache=miss \"curl/8\"")
        XCTAssertEqual(line(log, peer: stranger, requestID: "front-7f3a"),
                       "2026-12-05T03:25:03.123Z 203.0.113.7 \"GET /spinner/circular.gif?size=40 HTTP/1.1\" 200 25973 25ms cache=miss \"curl/8\" "
                       + "id=front-7f3a")
        XCTAssertTrue(line(log, peer: stranger, requestID: "two words\"\n").hasSuffix(" id=two_words__"), "one word, one line")
    }

    func testAJSONLineParsesWithEveryField() throws {
        let log = AccessLog(level: .info, format: .json, trusted: try XCTUnwrap(TrustedProxies(list: "10.0.0.0/8")))
        let object = try json(line(log, peer: front, forwardedFor: "198.51.100.4", requestID: "7f3a:9"))
        XCTAssertEqual(object["time"] as? String, "2026-12-05T03:25:03.123Z")
        XCTAssertEqual(object["level"] as? String, "info")
        XCTAssertEqual(object["msg"] as? String, "request")
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
        XCTAssertEqual(object["request_id"] as? String, "7f3a:9")
        XCTAssertEqual(Set(object.keys).count, 14)
    }

    /// A refusal's line says why; each line's level follows its status.
    func testARefusalNamesItsReasonAndLevelsFollowTheStatus() throws {
        let log = AccessLog(level: .debug, format: .json)
        let refused = try json(line(log, peer: stranger, status: 503, note: AccessLogNote("reason", "client_limit")))
        XCTAssertEqual(refused["reason"] as? String, "client_limit")
        XCTAssertEqual(refused["level"] as? String, "warn")
        XCTAssertNil(refused["cache"])
        XCTAssertEqual(try json(line(log, peer: stranger, status: 500, note: nil))["level"] as? String, "error")
        XCTAssertEqual(try json(line(log, "/healthz", peer: stranger, note: nil, routine: true))["level"] as? String, "debug")
        XCTAssertTrue(line(AccessLog(level: .info, format: .text), peer: stranger, status: 503, note: AccessLogNote("reason", "queue_full"))
            .contains(" 503 25973 25ms reason=queue_full "))
    }

    /// Which answers each level writes: probes and scrapes at `debug` only, problems (5xx)
    /// at every level but `none`.
    func testEachLevelWritesItsAnswers() {
        let cases: [(LogLevel, ok: Bool, routine: Bool, failed: Bool)] = [
            (.debug, true, true, true), (.info, true, false, true), (.warn, false, false, true), (.error, false, false, true),
            (.none, false, false, false),
        ]
        for (level, ok, routine, failed) in cases {
            XCTAssertEqual(level.logsAnswer(status: 200, routine: false), ok, "\(level) 200")
            XCTAssertEqual(level.logsAnswer(status: 200, routine: true), routine, "\(level) probe")
            XCTAssertEqual(level.logsAnswer(status: 503, routine: false), failed, "\(level) 503")
        }
        XCTAssertTrue(LogLevel.warn.writes(.error))
        XCTAssertFalse(LogLevel.error.writes(.warn))
        XCTAssertFalse(LogLevel.info.writes(.debug))
        XCTAssertFalse(LogLevel.none.writes(.error))
    }

    /// X-Forwarded-For is believed only from a trusted front, and only as far as the
    /// entries trusted fronts added: a client cannot name someone else. The log (over
    /// bytes) and the per-client limits (`origin`) name the same client.
    func testTheClientComesThroughTrustedFrontsOnly() throws {
        let trusted = try XCTUnwrap(TrustedProxies(list: "10.0.0.0/8,192.168.1.7"))
        let log = AccessLog(level: .info, format: .json, trusted: trusted)
        func client(_ peer: ClientAddress, _ forwarded: String?) throws -> String {
            let named = trusted.client(peer: peer, forwardedFor: forwarded)
            XCTAssertEqual(try json(line(log, peer: peer, forwardedFor: forwarded))["client"] as? String, named, forwarded ?? "-")
            return named
        }
        XCTAssertEqual(try client(stranger, "1.2.3.4"), "203.0.113.7", "a stranger's header is ignored")
        XCTAssertEqual(try client(front, nil), "10.0.0.5", "a front that says nothing is the client")
        XCTAssertEqual(try client(front, "198.51.100.4"), "198.51.100.4")
        XCTAssertEqual(try client(front, "1.2.3.4, 198.51.100.4, 10.1.2.3"), "198.51.100.4",
                       "the nearest untrusted entry; what a client wrote before it is not believed")
        XCTAssertEqual(try client(front, "10.9.9.9,  192.168.1.7"), "10.9.9.9", "all trusted: the farthest")
        XCTAssertEqual(try client(front, "unknown"), "unknown")
        XCTAssertEqual(try client(front, "198.51.100.4,"), "198.51.100.4", "an empty entry is skipped")
        XCTAssertEqual(try client(front, String(repeating: "x", count: 500)), String(repeating: "x", count: 64) + "...")
        XCTAssertEqual(try client(front, "1.2.3.256"), "1.2.3.256", "not an address: named as it stands")
        XCTAssertEqual(TrustedProxies(list: "0.0.0.0/0")?.client(peer: stranger, forwardedFor: "8.8.8.8"), "8.8.8.8")
    }

    func testTrustedProxiesAreParsedStrictly() {
        for refused in ["", ",", "10.0.0.0/33", "10.0.0", "10.0.0.0/", "a.b.c.d", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.0/٨", "::1",
                        "1.2.3.4.5", "01234.1.1.1", "1..2.3"] {
            XCTAssertNil(TrustedProxies(list: refused), refused)
        }
        XCTAssertNotNil(TrustedProxies(list: "10.0.0.0/8,127.0.0.1"))
    }

    /// A hostile target or user agent stays one bounded line, and a signature is cut.
    func testHostileFieldsStayOneLine() throws {
        let agent = "evil\u{1}\"agent\\" + String(repeating: "a", count: 1000)
        let log = AccessLog(level: .info, format: .text, redacting: ["sig"])
        let text = line(log, "/spinner/x.gif?sig=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo&size=4", peer: stranger, userAgent: agent)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertTrue(text.contains("sig=QUJDREVG...&size=4"), text)
        XCTAssertFalse(text.contains("QUJDREVGR0hJSktM"), "never the whole signature")
        XCTAssertTrue(text.contains("\"evil\\x01\\\"agent\\\\aaa"), text)
        XCTAssertLessThan(text.count, 700)
        let json = AccessLog(level: .info, format: .json, redacting: ["sig"])
        let long = line(json, "/" + String(repeating: "p", count: 5000), peer: stranger)
        XCTAssertLessThan(long.count, 800)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(long.utf8)))
        let signed = try self.json(line(json, "/a?sig=1234567890abc&sig=short&x=sig=zzzzzzzzzzzz", peer: stranger))
        XCTAssertEqual(signed["path"] as? String, "/a?sig=12345678...&sig=short&x=sig=zzzzzzzzzzzz", "only the parameter's own values")
    }

    /// Bytes that are not UTF-8 (a client may send any in a field) make valid JSON and an
    /// unbroken text line; valid UTF-8 is kept, and a cut never splits a character.
    func testBytesThatAreNotUTF8AreWrittenValidly() throws {
        let raw: [UInt8] = Array("ok é ".utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x0A] + Array("€".utf8)
        let view = { (body: (AccessLogRequest.View) -> String) -> String in
            raw.withUnsafeBytes { agent in
                "/x".utf8CString.withUnsafeBytes { target in
                    body(AccessLogRequest.View(method: .get, version: .http11, target: UnsafeRawBufferPointer(rebasing: target.dropLast()),
                                               userAgent: agent))
                }
            }
        }
        let jsonLine = view { AccessLog(level: .info, format: .json).line(AccessLogRecord(request: $0, peer: self.stranger, status: 200,
                                                                                          bytes: 0, milliseconds: 0), time: self.time) }
        let agent = try json(jsonLine)["user_agent"] as? String
        XCTAssertEqual(agent, "ok é \u{FFFD}\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}\n€")
        let textLine = view { AccessLog(level: .info, format: .text).line(AccessLogRecord(request: $0, peer: self.stranger, status: 200,
                                                                                          bytes: 0, milliseconds: 0), time: self.time) }
        XCTAssertTrue(textLine.hasSuffix("\"ok é \\xff\\xc3(\\xed\\xa0\\x80\\x0a€\""), textLine)
        // 255 ASCII bytes then a 2-byte character: the cut at 256 keeps neither half of it.
        let cut = line(AccessLog(level: .info, format: .json), peer: stranger, userAgent: String(repeating: "a", count: 255) + "é")
        XCTAssertEqual(try json(cut)["user_agent"] as? String, String(repeating: "a", count: 255) + "...")
    }

    func testAnAnswerWithoutARequestIsLogged() {
        let text = AccessLogRequest.withoutRequest.withView { request in
            AccessLog(level: .info, format: .text).line(AccessLogRecord(request: request, peer: stranger, status: 408, bytes: 0,
                                                                        milliseconds: 10_000), time: time)
        }
        XCTAssertEqual(text, "2026-12-05T03:25:03.123Z 203.0.113.7 \"- - -\" 408 0 10000ms - \"-\"")
    }

    /// The fields the log names are found among a request's field lines without regard to
    /// case, first of each kept, every `X-Forwarded-For` line joined in order.
    func testTheLoggedFieldsAreFoundInTheRawHead() throws {
        let head = "GET /spinner/a.svg HTTP/1.1\r\nhost: t\r\nUSER-agent:  agent/1 \r\nX-Forwarded-For: 1.1.1.1\r\nUser-Agent: second\r\n"
            + "x-request-id:\tabc\r\nX-FORWARDED-FOR: 10.0.0.1, 10.0.0.2\r\n\r\n"
        let bytes = Array(head.utf8)
        let found = bytes.withUnsafeBufferPointer { buffer -> [String?] in
            guard case .head(let scanned) = HTTPRequestParser.scan(buffer, limits: HTTPParserLimits()) else {
                XCTFail("the head scans")
                return []
            }
            return AccessLogRequest.View.borrowing(scanned, in: buffer) { view in
                [view.userAgent, view.forwardedFor, view.requestID, Optional(view.target)].map { $0.map { String(decoding: $0, as: UTF8.self) } }
            }
        }
        XCTAssertEqual(found, ["agent/1", "1.1.1.1, 10.0.0.1, 10.0.0.2", "abc", "/spinner/a.svg"])
    }

    /// Lines leave in writes of at most PIPE_BUF bytes that end where a line ends, so that
    /// lines from several writers into one pipe never interleave; nothing is lost. (A
    /// sequenced-packet socket keeps each write apart, so each one is seen.)
    func testABatchIsWrittenInWholeLinesOfAtMostPipeBuf() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends), 0)
        defer { close(ends[0]) }
        let lines = (0 ..< 200).map { "line \($0) " + String(repeating: "x", count: $0 * 7 % 300) + "\n" }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { storage.deallocate() }
        var buffer = LogBuffer(storage)
        for text in lines {
            var text = text
            text.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
        }
        buffer.flush(to: ends[1])
        close(ends[1])
        XCTAssertEqual(buffer.count, 0)
        var received: [UInt8] = [], writes = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(ends[0], &chunk, chunk.count, 0)
            guard count > 0 else { break }
            writes += 1
            XCTAssertLessThanOrEqual(count, Int(PIPE_BUF))
            XCTAssertEqual(chunk[count - 1], UInt8(ascii: "\n"), "each write ends a line")
            received += chunk[0 ..< count]
        }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), lines.joined())
        XCTAssertGreaterThan(writes, 5, "a batch of \(received.count) bytes in several writes")
    }
}
