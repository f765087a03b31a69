#if canImport(Glibc)
import Glibc
#endif

/// The memory limit the kernel holds this process to: the smallest limit of its memory
/// cgroup and every cgroup above it that the process can see, under cgroup v2
/// (`memory.max`) or v1 (`memory.limit_in_bytes`). Found wherever the process runs: at
/// the root of a container's own cgroup namespace, in a systemd unit with `MemoryMax=`,
/// or in any nested cgroup, as the JVM's container support and Go's memory-limit helpers
/// find it — from the process's cgroup (`/proc/self/cgroup`) and where that hierarchy is
/// mounted (`/proc/self/mountinfo`), walking up to the mount's root.
public struct CgroupMemoryLimit: Sendable, Equatable {
    /// The limit, in bytes.
    public let bytes: Int
    /// The file it was read from (for the start line and the refusal to start).
    public let file: String

    public init(bytes: Int, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Limits at or above this many bytes mean "none": cgroup v1 writes unlimited as the
    /// largest page-aligned 63-bit number (9223372036854771712).
    static let unlimited = 1 << 62

    /// The process's limit, read through `read` (path → the file's text, nil when it cannot
    /// be read; the real files by default), or nil when no cgroup above it has one.
    public static func find(read: (String) -> String? = SystemFile.read) -> CgroupMemoryLimit? {
        let mounts = read("/proc/self/mountinfo").map(CgroupMount.parse) ?? []
        var found: [CgroupMemoryLimit] = []
        for membership in read("/proc/self/cgroup").map(CgroupMembership.parse) ?? [] {
            for mount in mounts where mount.serves(membership) {
                found += limits(from: mount.directory(for: membership.path), upTo: mount.point, file: membership.limitFile, read: read)
            }
        }
        if found.isEmpty {
            // No /proc to read (a sandbox): where a container's own namespace puts its limit.
            for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
                if let bytes = read(file).flatMap(limitBytes) { found.append(CgroupMemoryLimit(bytes: bytes, file: file)) }
            }
        }
        return found.min { $0.bytes < $1.bytes }
    }

    /// The limits in `directory` and each directory above it up to `top`, in `file`.
    private static func limits(from directory: String, upTo top: String, file: String, read: (String) -> String?) -> [CgroupMemoryLimit] {
        var found: [CgroupMemoryLimit] = []
        var current = directory
        while true {
            let path = current == "/" ? "/" + file : current + "/" + file
            if let bytes = read(path).flatMap(limitBytes) { found.append(CgroupMemoryLimit(bytes: bytes, file: path)) }
            guard current != top, current.count > top.count, let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
            if current.isEmpty { current = "/" }
        }
        return found
    }

    /// A limit file's value in bytes, or nil for "max", v1's unlimited, or anything unreadable.
    static func limitBytes(_ text: String) -> Int? {
        let word = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
        guard let bytes = Int(word), bytes > 0, bytes < unlimited else { return nil }
        return bytes
    }
}

/// One line of `/proc/self/cgroup`: `ID:CONTROLLERS:PATH` — `0::/path` under cgroup v2,
/// `N:memory:/path` for v1's memory hierarchy (other v1 hierarchies are no use here).
struct CgroupMembership: Equatable {
    /// True for the v2 (unified) hierarchy.
    let unified: Bool
    /// The cgroup's path from the root of its hierarchy (as the process's namespace sees it).
    let path: String

    /// The file holding the limit in this hierarchy.
    var limitFile: String { unified ? "memory.max" : "memory.limit_in_bytes" }

    static func parse(_ text: String) -> [CgroupMembership] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/") else { return nil }
            if fields[0] == "0" && fields[1].isEmpty { return CgroupMembership(unified: true, path: String(fields[2])) }
            guard fields[1].split(separator: ",").contains("memory") else { return nil }
            return CgroupMembership(unified: false, path: String(fields[2]))
        }
    }
}

/// A cgroup filesystem mounted, from one line of `/proc/self/mountinfo`:
/// `ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL…] - TYPE SOURCE SUPER_OPTIONS`.
struct CgroupMount: Equatable {
    /// True for cgroup2, false for a v1 hierarchy with the memory controller.
    let unified: Bool
    /// The directory of the hierarchy mounted here (`/` unless a sub-tree was bind-mounted).
    let root: String
    /// Where it is mounted.
    let point: String

    /// Whether this mount shows the hierarchy `membership` belongs to.
    func serves(_ membership: CgroupMembership) -> Bool { unified == membership.unified }

    /// The directory of cgroup `path` under this mount: the mount point plus the path
    /// below the mount's root; the mount point itself when the path is not under it (a
    /// container that sees its own cgroup as its root).
    func directory(for path: String) -> String {
        if root == "/" { return path == "/" ? point : point + path }
        if path == root { return point }
        if path.hasPrefix(root + "/") { return point + path.dropFirst(root.count) }
        return point
    }

    static func parse(_ text: String) -> [CgroupMount] {
        text.split(separator: "\n").compactMap { line in
            let halves = line.split(separator: " - ", maxSplits: 1)
            guard halves.count == 2 else { return nil }
            let before = halves[0].split(separator: " "), after = halves[1].split(separator: " ")
            guard before.count >= 5, after.count >= 3 else { return nil }
            let root = unescape(before[3]), point = unescape(before[4])
            switch after[0] {
            case "cgroup2": return CgroupMount(unified: true, root: root, point: point)
            case "cgroup" where after[2].split(separator: ",").contains("memory"): return CgroupMount(unified: false, root: root, point: point)
            default: return nil
            }
        }
    }

    /// mountinfo writes a space, tab, newline and backslash in a path as `\040`, `\011`,
    /// `\012` and `\134`.
    static func unescape(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[index + 1 ... index + 3], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
