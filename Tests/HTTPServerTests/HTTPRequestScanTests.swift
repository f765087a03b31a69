@testable import HTTPServer
import XCTest

/// The scan the fast path reads: where each part of a request lies, found without making
/// text, and the same verdict as the parse for the same bytes.
final class HTTPRequestScanTests: XCTestCase {
    private func scan(_ bytes: [UInt8]) -> HTTPScanResult {
        bytes.withUnsafeBufferPointer { HTTPRequestParser.scan($0) }
    }

    private func text(_ bytes: [UInt8], _ range: Range<Int>?) -> String? {
        range.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    func testFindsTheTargetAndTheFieldsTheFastPathReads() throws {
        let bytes = Array(("\r\nGET /spinner/arc.svg?size=40 HTTP/1.1\r\nHost: x\r\naccept-ENCODING:  gzip, br \r\n"
            + "If-None-Match: \"a\", W/\"b\"\r\nIf-None-Match: \"c\"\r\nConnection: Upgrade, CLOSE\r\nContent-Length: 3\r\n\r\nabcGET").utf8)
        guard case .head(let head) = scan(bytes) else { return XCTFail("\(scan(bytes))") }
        XCTAssertTrue(head.isGet)
        XCTAssertFalse(head.isHead)
        XCTAssertEqual(head.method, .get)
        XCTAssertEqual(text(bytes, head.target), "/spinner/arc.svg?size=40")
        XCTAssertTrue(head.targetIsOriginForm)
        XCTAssertEqual(text(bytes, head.acceptEncoding), "gzip, br")
        XCTAssertEqual(text(bytes, head.ifNoneMatch), "\"a\", W/\"b\"", "the first field's value")
        XCTAssertFalse(head.wantsKeepAlive, "Connection lists close (any case)")
        XCTAssertEqual(text(bytes, head.body), "abc")
        XCTAssertEqual(head.consumed, bytes.count - 3)
    }

    func testKeepAliveAsHTTPRequestReadsIt() throws {
        for (request, keepAlive) in [("GET / HTTP/1.1\r\nHost: x\r\n\r\n", true),
                                     ("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", false),
                                     ("GET / HTTP/1.0\r\n\r\n", false),
                                     ("HEAD / HTTP/1.0\r\nConnection: foo, Keep-Alive\r\n\r\n", true)] {
            let bytes = Array(request.utf8)
            guard case .head(let head) = scan(bytes), case .request(let parsed, _) = HTTPRequestParser.parse(bytes[...]) else {
                return XCTFail(request)
            }
            XCTAssertEqual(head.wantsKeepAlive, keepAlive, request)
            XCTAssertEqual(parsed.wantsKeepAlive, keepAlive, request)
        }
    }

    /// The absolute form is not origin form: the fast path leaves it to the parse, which
    /// keeps its path and query.
    func testAbsoluteFormIsNotOriginForm() throws {
        let bytes = Array("GET HTTP://example.com:80//spinner/arc.svg?x=1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        guard case .head(let head) = scan(bytes), case .request(let request, _) = HTTPRequestParser.parse(bytes[...]) else {
            return XCTFail()
        }
        XCTAssertFalse(head.targetIsOriginForm)
        XCTAssertEqual(request.target, "/spinner/arc.svg?x=1")
    }

    /// Scan and parse give one verdict for every prefix and for mutations of a request,
    /// so the fast path never takes what the parse refuses.
    func testScanAndParseAgreeOnPrefixesAndMutations() {
        let seed = Array(("GET /spinner/circular.gif?stroke=15 HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0123\"\r\n"
            + "Accept-Encoding: gzip;q=0.5\r\nContent-Length: 2\r\n\r\nok").utf8)
        var generator = SystemRandomNumberGenerator()
        var cases: [[UInt8]] = (0 ... seed.count).map { Array(seed[..<$0]) }
        let interesting: [UInt8] = [0, 9, 10, 13, 32, 0x7F, 0x80, 0xFF, UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "/")]
        for _ in 0 ..< 4000 {
            var mutated = seed
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &generator) {
                let at = Int.random(in: 0 ..< mutated.count, using: &generator)
                switch Int.random(in: 0 ..< 3, using: &generator) {
                case 0: mutated[at] = interesting.randomElement(using: &generator) ?? 0
                case 1: mutated.remove(at: at)
                default: mutated.insert(interesting.randomElement(using: &generator) ?? 0, at: at)
                }
            }
            cases.append(mutated)
        }
        for bytes in cases {
            let scanned = scan(bytes), parsed = HTTPRequestParser.parse(bytes[...])
            switch (scanned, parsed) {
            case (.incomplete, .incomplete): break
            case (.failure(let a), .failure(let b)): XCTAssertEqual(a, b)
            case (.head(let head), .request(let request, let consumed)):
                XCTAssertEqual(head.consumed, consumed)
                XCTAssertEqual(head.method, request.method)
                if head.targetIsOriginForm { XCTAssertEqual(String(decoding: bytes[head.target], as: UTF8.self), request.target) }
                XCTAssertEqual(head.wantsKeepAlive, request.wantsKeepAlive)
                let ifNoneMatch = bytes.withUnsafeBufferPointer { buffer in head.ifNoneMatch.map { HTTPRequestParser.text(of: buffer[$0]) } }
                XCTAssertEqual(ifNoneMatch, request.headers["If-None-Match"])
            default: XCTFail("scan \(scanned) but parse \(parsed) for \(bytes)")
            }
        }
    }

    /// The word-at-a-time checks agree with the byte-at-a-time rule for every byte value
    /// at every position of a word, and on random runs.
    func testWordAtATimeChecksAgreeWithTheByteRules() {
        let visible = { (byte: UInt8) in byte > 0x20 && byte < 0x7F }
        let fieldValue = { (byte: UInt8) in byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }
        func check(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                XCTAssertEqual(ByteScanning.allVisibleASCII(buffer), bytes.allSatisfy(visible), "\(bytes)")
                XCTAssertEqual(ByteScanning.allFieldValueBytes(buffer), bytes.allSatisfy(fieldValue), "\(bytes)")
            }
        }
        for length in [1, 7, 8, 9, 16, 23] {
            for position in 0 ..< length {
                for value in 0 ... 255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    check(bytes)
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 20000 {
            check((0 ..< Int.random(in: 0 ... 40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x21 ... 0x7E, using: &generator) : UInt8.random(in: 0 ... 255, using: &generator)
            })
        }
    }
}
