import Concurrency
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately simple HTTP/1.1 client on a raw socket: sends exactly the bytes given
/// (so tests can pipeline, send garbage or stall) and reads responses back.
public final class RawHTTPClient: Sendable {
    /// A response as it came off the wire.
    public struct Response: Sendable {
        public let status: Int
        public let headers: [(String, String)]
        public let body: [UInt8]

        /// The first value of header `name` (case-insensitive).
        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    /// Received bytes not yet read as a response (one thread may send while another receives).
    private let received = Locked<[UInt8]>([])

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address plays
    /// another client), with a receive timeout of `timeout` seconds. `narrow` plays a
    /// client on a slow link: a 4 KiB receive buffer and 536-byte segments, so the
    /// server's socket fills after a few KiB and its writes come back short.
    public init(port: Int, source: String? = nil, timeout: Int = 60, narrow: Bool = false) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if narrow {
            var buffer: Int32 = 4096, segment: Int32 = 536
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_MAXSEG, &segment, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw ClientError.failed("bind \(source): errno \(errno)") }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw ClientError.failed("connect: errno \(errno)") }
    }

    deinit { close(descriptor) }

    public enum ClientError: Error { case failed(String) }

    /// Sends `text` as it is.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends `method target` (HTTP/1.1, `headers` as field lines each ending in CRLF) on
    /// this connection and reads its response.
    public func get(_ target: String, headers: String = "", method: String = "GET") throws -> Response {
        try send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n")
        return try receive(headRequest: method == "HEAD")
    }

    /// Sends `bytes` as they are.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw ClientError.failed("send: errno \(errno)") }
            offset += written
        }
    }

    /// Closes the sending half, as `nc -N` does.
    public func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads one response; `headRequest` when it answers HEAD (no body follows).
    public func receive(headRequest: Bool = false) throws -> Response {
        while true {
            if let headEnd = find([13, 10, 13, 10]) {
                let head = String(decoding: received.value[0..<headEnd], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError.failed("bad status line: \(head)") }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                let length = headRequest || status == 304 ? 0
                    : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                while received.value.count < headEnd + 4 + length { try fill() }
                var body: [UInt8] = []
                received.update { buffer in
                    body = Array(buffer[(headEnd + 4)..<(headEnd + 4 + length)])
                    buffer.removeFirst(headEnd + 4 + length)
                }
                return Response(status: status, headers: headers, body: body)
            }
            try fill()
        }
    }

    /// Everything until the server closes; throws when the connection is reset instead.
    public func readToEnd() throws -> [UInt8] {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received.value }
            guard count > 0 else { throw ClientError.failed(errno == ECONNRESET ? "reset" : "recv: errno \(errno)") }
            received.update { $0 += chunk[0..<count] }
        }
    }

    /// True when the server has closed the connection (reads return end of stream).
    public func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return received.value.isEmpty && recv(descriptor, &byte, 1, 0) == 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw ClientError.failed(count == 0 ? "connection closed" : "recv: errno \(errno)") }
        received.update { $0 += chunk[0..<count] }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        let buffer = received.value
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where buffer[index] == pattern[0] && Array(buffer[index..<(index + pattern.count)]) == pattern {
            return index
        }
        return nil
    }
}
