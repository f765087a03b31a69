#if canImport(Glibc)
import Glibc
#endif

/// The files the kernel writes about this process (`/proc`, `/sys/fs/cgroup`), read whole.
public enum SystemFile {
    /// The text of the file at `path` (at most 256 KiB: mountinfo on a busy host), or nil.
    public static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 256 << 10 {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes += buffer[0 ..< count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
