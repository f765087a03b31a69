#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A response body kept in a sealed in-memory file (memfd) and sent with `sendfile`, so
/// a large cached body goes out without being copied through user space for every
/// request — what nginx does for files. The descriptor counts against a
/// `DescriptorQuota` and closes when the last response using it is gone.
public final class HTTPBodyFile: Sendable {
    /// The memfd.
    let descriptor: Int32
    /// Bytes in the file.
    public let length: Int
    private let quota: DescriptorQuota

    /// A sealed file holding `bytes`, or nil when the quota is used up or the system
    /// refuses one (callers keep the bytes in memory then).
    public init?(_ bytes: [UInt8], quota: DescriptorQuota) {
        guard quota.take() else { return nil }
        let descriptor = spinnerd_memfd("spinnerd-body")
        guard descriptor >= 0 else {
            quota.giveBack()
            return nil
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                quota.giveBack()
                return nil
            }
            written += count
        }
        guard spinnerd_seal(descriptor) == 0 else {
            close(descriptor)
            quota.giveBack()
            return nil
        }
        self.descriptor = descriptor
        self.length = bytes.count
        self.quota = quota
    }

    /// The bytes, read back (for tests and tools: responses go out by sendfile); empty
    /// when the file cannot be read.
    public func bytes() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: length)
        var read = 0
        while read < length {
            let count = result[read...].withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(read)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return [] }
            read += count
        }
        return result
    }

    deinit {
        close(descriptor)
        quota.giveBack()
    }
}
