#if canImport(Glibc)
import Glibc
#endif

/// A system call on a socket failed with `errno` (never EINTR, which is retried, nor
/// EAGAIN, which means "would block" and is not an error).
public struct SocketError: Error, CustomStringConvertible, Sendable {
    /// The call that failed (`bind`, `accept4`, …).
    public let operation: String
    /// The errno it left.
    public let code: Int32

    public var description: String {
        "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}

/// Every raw socket call goes through here (swift-nio's rule): interrupted calls are
/// retried, "would block" becomes nil, anything else a typed `SocketError`.
enum SystemCall {
    static func run(_ operation: @autoclosure () -> String, _ call: () -> Int) throws(SocketError) -> Int? {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw SocketError(operation: operation(), code: code)
            }
        }
    }
}
