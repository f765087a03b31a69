import Foundation
@testable import HTTPServer
import XCTest

/// The output queue against a real socket pair: order, byte counts, partial writes.
final class OutputQueueTests: XCTestCase {
    private var descriptors: [Int32] = [-1, -1]

    override func setUp() {
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors), 0)
        _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
    }

    override func tearDown() {
        close(descriptors[0])
        close(descriptors[1])
    }

    private func drain() -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptors[1], $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return received }
            received += chunk[0 ..< count]
        }
    }

    private func head(_ text: String) -> (inout [UInt8]) -> Void {
        { $0.append(contentsOf: text.utf8) }
    }

    func testSmallAnswersCoalesceAndLargeBodiesAndFilesFollowInOrder() throws {
        var queue = OutputQueue()
        let large = [UInt8](repeating: 0x4C, count: OutputQueue.copyLimit + 1)
        let fileBytes = [UInt8](repeating: 0x46, count: 20_000)
        let file = try XCTUnwrap(HTTPBodyFile(fileBytes, quota: DescriptorQuota(limit: 1)))
        queue.append(writeHead: head("A:"), body: Array("small".utf8), file: nil)
        queue.append(writeHead: head("B:"), body: large, file: nil)
        queue.append(writeHead: head("C:"), body: [], file: file)
        queue.append(writeHead: head("D:"), body: Array("end".utf8), file: nil)
        let expected = Array("A:small".utf8) + Array("B:".utf8) + large + Array("C:".utf8) + fileBytes + Array("D:end".utf8)
        XCTAssertEqual(queue.count, expected.count)
        var received: [UInt8] = []
        var writes = 0
        while !queue.isEmpty {
            XCTAssertNotEqual(try queue.write(to: descriptors[0]), .blocked)
            writes += 1
            received += drain()
        }
        received += drain()
        XCTAssertEqual(received, expected)
        XCTAssertEqual(queue.count, 0)
        XCTAssertLessThanOrEqual(writes, 5, "heads and small bodies go out together")
    }

    func testAFullSocketBlocksAndTheRestGoesOutLaterWithCountsKept() throws {
        var queue = OutputQueue()
        let body = [UInt8]((0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        queue.append(writeHead: head("H:"), body: body, file: nil)
        var sent = 0, blocked = false
        while !blocked {
            switch try queue.write(to: descriptors[0]) {
            case .blocked: blocked = true
            case .wrote(let bytes, _): sent += bytes
            }
        }
        XCTAssertGreaterThan(sent, 0)
        XCTAssertEqual(queue.count, body.count + 2 - sent)
        var received = drain()
        while !queue.isEmpty {
            _ = try queue.write(to: descriptors[0])
            received += drain()
        }
        XCTAssertEqual(received, Array("H:".utf8) + body)
    }

    /// Fills the socket until it takes nothing more; returns the bytes it took.
    private func fill() -> [UInt8] {
        var sent: [UInt8] = []
        let junk = [UInt8](repeating: 0x6A, count: 65536)
        while true {
            let count = junk.withUnsafeBytes { Glibc.send(descriptors[0], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return sent }
            sent += junk[0 ..< count]
        }
    }

    /// A cached answer sent at once (nothing queued before it): a small body, one kept in
    /// memory and one in a file, each into an empty socket and into a full one. What the
    /// socket takes leaves at once; the rest, only that, waits in the queue with the counts
    /// `append` would have kept, and goes out whole after what the socket held.
    func testAnAnswerSentAtOnceQueuesOnlyWhatTheSocketDidNotTake() throws {
        let date = Array("Wed, 02 Dec 2026 21:00:00 GMT".utf8)
        let memory = [UInt8]((0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let fileBytes = [UInt8]((0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let file = try XCTUnwrap(HTTPBodyFile(fileBytes, quota: DescriptorQuota(limit: 1)))
        let cases: [(name: String, response: HTTPResponse, body: [UInt8])] = [
            ("small", HTTPResponse(status: 200, body: Array("tiny".utf8)), Array("tiny".utf8)),
            ("memory", HTTPResponse(status: 200, body: memory), memory),
            ("file", HTTPResponse(status: 200, bodyFile: file), fileBytes),
        ]
        for full in [false, true] {
            for (name, response, body) in cases {
                let prepared = HTTPPreparedResponse(response)
                var head: [UInt8] = []
                date.withUnsafeBytes { HTTPResponseSerializer.writeHead(prepared, framing: HTTPFraming(status: prepared.status, version: .http11, isHead: false, keepAlive: true), date: $0, to: &head) }
                let held = full ? fill() : []
                var queue = OutputQueue()
                let sent = try date.withUnsafeBytes { date in
                    try queue.sendAtOnce(prepared, framing: HTTPFraming(status: 200, version: .http11, isHead: false, keepAlive: true), date: date, to: descriptors[0])
                }
                XCTAssertEqual(sent.bytes, head.count + body.count, "\(name) full=\(full)")
                XCTAssertEqual(queue.count, sent.bytes - sent.written, "\(name) full=\(full)")
                XCTAssertEqual(sent.blocked, sent.written < sent.bytes, "\(name) full=\(full)")
                if name == "small" && !full { XCTAssertEqual(sent.written, sent.bytes, "a small answer into an empty socket leaves whole") }
                if name != "small" { XCTAssertTrue(sent.blocked, "\(name) full=\(full): 3 MB do not fit a socket pair's buffer") }
                if full { XCTAssertEqual(sent.written, 0, "\(name): a full socket takes nothing") }
                var received = drain()
                while !queue.isEmpty {
                    _ = try queue.write(to: descriptors[0])
                    received += drain()
                }
                received += drain()
                XCTAssertEqual(received.count, held.count + head.count + body.count, "\(name) full=\(full)")
                XCTAssertTrue(received == held + head + body, "\(name) full=\(full): the bytes in order")
            }
        }
        // HEAD and 304: the head alone.
        var queue = OutputQueue()
        let prepared = HTTPPreparedResponse(HTTPResponse(status: 200, bodyFile: file))
        let sent = try date.withUnsafeBytes { date in
            try queue.sendAtOnce(prepared, framing: HTTPFraming(status: 200, version: .http10, isHead: true, keepAlive: false), date: date, to: descriptors[0])
        }
        var head: [UInt8] = []
        date.withUnsafeBytes { HTTPResponseSerializer.writeHead(prepared, framing: HTTPFraming(status: prepared.status, version: .http10, isHead: false, keepAlive: false), date: $0, to: &head) }
        XCTAssertEqual(sent.bytes, head.count)
        XCTAssertTrue(queue.isEmpty)
        XCTAssertEqual(drain(), head)
    }

    func testAClosedPeerIsAnErrorNotACrash() throws {
        var queue = OutputQueue()
        queue.append(writeHead: head("x"), body: [], file: nil)
        close(descriptors[1])
        descriptors[1] = open("/dev/null", O_RDONLY)
        XCTAssertThrowsError(try queue.write(to: descriptors[0]))
    }

    func testAnAnswerSentAtOnceToAClosedPeerIsAnErrorNotACrash() throws {
        var queue = OutputQueue()
        close(descriptors[1])
        descriptors[1] = open("/dev/null", O_RDONLY)
        let prepared = HTTPPreparedResponse(HTTPResponse(status: 200, body: Array("x".utf8)))
        XCTAssertThrowsError(try Array("D".utf8).withUnsafeBytes { date in
            try queue.sendAtOnce(prepared, framing: HTTPFraming(status: 200, version: .http11, isHead: false, keepAlive: true), date: date, to: descriptors[0])
        })
    }
}
