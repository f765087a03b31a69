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

    func testAClosedPeerIsAnErrorNotACrash() throws {
        var queue = OutputQueue()
        queue.append(writeHead: head("x"), body: [], file: nil)
        close(descriptors[1])
        descriptors[1] = open("/dev/null", O_RDONLY)
        XCTAssertThrowsError(try queue.write(to: descriptors[0]))
    }
}
