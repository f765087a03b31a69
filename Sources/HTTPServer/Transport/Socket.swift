#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The socket calls the transport makes, over raw descriptors, every result checked.
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
        do {
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1, name: "SO_REUSEADDR")
            try setOption(descriptor, SOL_SOCKET, SO_REUSEPORT, 1, name: "SO_REUSEPORT")
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
    static func boundPort(_ descriptor: Int32) throws(SocketError) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try SystemCall.run("getsockname") {
            Int(withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            })
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A pending connection, non-blocking, and the address it came from; nil when none is waiting.
    static func accept(_ listener: Int32) throws(SocketError) -> (descriptor: Int32, client: ClientAddress)? {
        var address: UInt32 = 0
        guard let descriptor = try SystemCall.run("accept4", { Int(spinnerd_accept(listener, &address)) }) else { return nil }
        return (Int32(descriptor), ClientAddress(address))
    }

    /// Turns Nagle's algorithm off: answers go out as soon as they are written.
    static func disableNagle(_ descriptor: Int32) throws(SocketError) {
        try setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1, name: "TCP_NODELAY")
    }

    /// Reads into `buffer`; 0 means the peer closed, nil would block.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int? {
        try SystemCall.run("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes `first` from `offset`, then `second`, in one `sendmsg` without SIGPIPE;
    /// returns bytes written, nil when it would block. `more` says more follows at once
    /// (a body file), so the kernel may hold the tail back to share a segment (MSG_MORE).
    static func write(_ descriptor: Int32, _ first: [UInt8], from offset: Int, then second: [UInt8], more: Bool) throws(SocketError) -> Int? {
        try SystemCall.run("sendmsg") {
            first.withUnsafeBytes { firstBytes in
                second.withUnsafeBytes { secondBytes in
                    sendVectors(descriptor, UnsafeRawBufferPointer(rebasing: firstBytes[min(offset, firstBytes.count)...]), secondBytes, more: more)
                }
            }
        }
    }

    /// Writes `first`, then `second`, in one `sendmsg` without SIGPIPE, from memory the
    /// caller holds; as `write(_:_:from:then:more:)`.
    static func write(_ descriptor: Int32, _ first: UnsafeRawBufferPointer, then second: UnsafeRawBufferPointer, more: Bool) throws(SocketError) -> Int? {
        try SystemCall.run("sendmsg") { sendVectors(descriptor, first, second, more: more) }
    }

    /// One `sendmsg` of the non-empty ones of `first` and `second`; its raw result.
    private static func sendVectors(_ descriptor: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, more: Bool) -> Int {
        var vectors = (iovec(), iovec())
        var count = 0
        if let base = first.baseAddress, first.count > 0 {
            vectors.0 = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: first.count)
            count = 1
        }
        if let base = second.baseAddress, second.count > 0 {
            let vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: second.count)
            if count == 0 { vectors.0 = vector } else { vectors.1 = vector }
            count += 1
        }
        return withUnsafeMutablePointer(to: &vectors) { pointer in
            pointer.withMemoryRebound(to: iovec.self, capacity: 2) { base in
                var message = msghdr()
                message.msg_iov = base
                message.msg_iovlen = count
                return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
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

    /// Sends a FIN after what was written: the peer reads the answer, then end of stream.
    /// A peer that is already gone makes this fail, which changes nothing.
    static func shutDownWriting(_ descriptor: Int32) {
        _ = try? SystemCall.run("shutdown") { Int(shutdown(descriptor, Int32(SHUT_WR))) }
    }

    /// A descriptor held in reserve (on /dev/null) so that, when the process runs out, one
    /// can be freed to accept a connection and refuse it properly (libev's trick).
    static func openSpare() -> Int32? {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32, name: String) throws(SocketError) {
        var value = value
        _ = try SystemCall.run("setsockopt(\(name))") {
            Int(setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size)))
        }
    }
}
