#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// An epoll set, level-triggered, with every control call checked (swift-nio's
/// `Epoll`): a registration that fails is an error the caller handles, not a silent loss.
struct Epoll {
    let descriptor: Int32

    /// Event bits, as epoll reports and takes them.
    static let readable = spinnerd_EPOLLIN, writable = spinnerd_EPOLLOUT, peerHungUp = spinnerd_EPOLLRDHUP
    static let hungUp = spinnerd_EPOLLHUP, failed = spinnerd_EPOLLERR

    /// A new, close-on-exec epoll set.
    static func create() throws(SocketError) -> Epoll {
        guard let created = try SystemCall.run("epoll_create1", { Int(spinnerd_epoll_create()) }) else {
            throw SocketError(operation: "epoll_create1", code: EAGAIN)
        }
        return Epoll(descriptor: Int32(created))
    }

    /// Watches `file` for `events`, reported with `key`.
    func add(_ file: Int32, events: UInt32, key: UInt64) throws(SocketError) {
        _ = try SystemCall.run("epoll_ctl(ADD)") { Int(spinnerd_epoll_add(descriptor, file, events, key)) }
    }

    /// Changes what `file` is watched for.
    func modify(_ file: Int32, events: UInt32, key: UInt64) throws(SocketError) {
        _ = try SystemCall.run("epoll_ctl(MOD)") { Int(spinnerd_epoll_modify(descriptor, file, events, key)) }
    }

    /// Waits up to `timeout` ms; fills `keys` and `masks`, returns how many events came
    /// (0 on a signal's interruption). Buffers of the caller's own memory: nothing counted.
    func wait(keys: UnsafeMutableBufferPointer<UInt64>, masks: UnsafeMutableBufferPointer<UInt32>, timeout: Int32) -> Int {
        guard let keyBase = keys.baseAddress, let maskBase = masks.baseAddress else { return 0 }
        let count = spinnerd_epoll_wait(descriptor, keyBase, maskBase, Int32(min(keys.count, masks.count)), timeout)
        return max(0, Int(count))
    }
}
