#if canImport(Glibc)
import Glibc
#endif

/// Writing to the terminal and to files through file descriptors, with errors reported,
/// never trapped.
enum Console {
    /// Prints `text` (and a newline) on standard output in one write, so lines from
    /// several threads do not interleave.
    static func out(_ text: String, newline: Bool = true) {
        _ = writeAll(Array((newline ? text + "\n" : text).utf8), to: STDOUT_FILENO)
    }

    /// Prints `text` and a newline on standard error.
    static func error(_ text: String) {
        _ = writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes `bytes` to `path` (`-` is standard output). Returns an error text on failure.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = path == "-" ? STDOUT_FILENO : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        defer { if path != "-" { close(descriptor) } }
        return writeAll(bytes, to: descriptor) ? nil : "cannot write \(path): \(String(cString: strerror(errno)))"
    }

    /// Makes the directory `path` and any parents missing (`mkdir -p`); one that exists is
    /// fine. Returns an error text on failure (a file in the way, no permission).
    static func makeDirectory(_ path: String) -> String? {
        var built = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            built += (built.isEmpty || built.hasSuffix("/") ? "" : "/") + part
            var status = stat()
            if stat(built, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else { return "cannot make \(path): \(built) is not a directory" }
                continue
            }
            guard mkdir(built, 0o755) == 0 || errno == EEXIST else {
                return "cannot make \(path): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }

    /// Writes every byte, retrying after interrupts and partial writes.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
