#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The socket calls the transport makes, over raw descriptors.
enum Socket {
    /// A non-blocking TCP listener on `host`:`port` (0 picks a port), with SO_REUSEPORT so
    /// every event loop can have its own listener on the same port and the kernel spreads
    /// connections between them.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(SocketError) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw SocketError(operation: "inet_pton(\(host))", code: EINVAL) }
        guard let created = try SystemCall.run("socket", { Int(spinnerd_tcp_socket()) }) else {
            throw SocketError(operation: "socket", code: EAGAIN)
        }
        let descriptor = Int32(created)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
        do {
            _ = try SystemCall.run("bind") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Int(bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))) }
                }
            }
            _ = try SystemCall.run("listen") { Int(Glibc.listen(descriptor, backlog)) }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// The port a socket is bound to.
    static func boundPort(_ descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A pending connection, non-blocking, with Nagle off; nil when none is waiting.
    static func accept(_ listener: Int32) throws(SocketError) -> Int32? {
        guard let descriptor = try SystemCall.run("accept4", { Int(spinnerd_accept(listener)) }) else { return nil }
        var one: Int32 = 1
        setsockopt(Int32(descriptor), Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return Int32(descriptor)
    }

    /// Reads into `buffer`; 0 means the peer closed, nil would block.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int? {
        try SystemCall.run("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes `head` then `body` from the given offset in one `sendmsg`, without SIGPIPE;
    /// returns bytes written, nil when it would block.
    /// `more` says a body file follows, so the kernel may hold the head back to share a
    /// segment with it (MSG_MORE).
    static func write(_ descriptor: Int32, head: [UInt8], body: [UInt8], offset: Int, more: Bool = false) throws(SocketError) -> Int? {
        try SystemCall.run("sendmsg") {
            head.withUnsafeBytes { headBytes in
                body.withUnsafeBytes { bodyBytes in
                    var vectors: [iovec] = []
                    if offset < headBytes.count, let base = headBytes.baseAddress {
                        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + offset), iov_len: headBytes.count - offset))
                    }
                    let bodyOffset = max(0, offset - headBytes.count)
                    if bodyOffset < bodyBytes.count, let base = bodyBytes.baseAddress {
                        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + bodyOffset),
                                             iov_len: bodyBytes.count - bodyOffset))
                    }
                    return vectors.withUnsafeMutableBufferPointer { buffer in
                        var message = msghdr()
                        message.msg_iov = buffer.baseAddress
                        message.msg_iovlen = buffer.count
                        return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
                    }
                }
            }
        }
    }

    /// Sends up to `count` bytes of `file` from `offset` (advanced); nil when it would block.
    static func sendFile(_ descriptor: Int32, file: Int32, offset: inout Int, count: Int) throws(SocketError) -> Int? {
        var position = offset
        let sent = try SystemCall.run("sendfile") { spinnerd_sendfile(descriptor, file, &position, UInt(count)) }
        offset = position
        return sent
    }
}
