#if canImport(Glibc)
import Glibc
#endif
import SpinnerModel

/// How `spinnerd serve` shares out a memory limit it finds at start (a container's cgroup:
/// `memory.max`, or `memory.limit_in_bytes` under cgroup v1), so that the process at its
/// worst fits the limit instead of being killed by the kernel. What it cannot shrink comes
/// first (the process itself, its connections — at most an eighth of the limit's worth,
/// 100 KiB each — and the final encodes); the image cache gets a
/// quarter of the rest, at most its default; each render thread an equal share of what is
/// left, at most the standard budget's 240 MiB. Renders whose estimated peak passes that
/// share are refused before any work (400, with the limit in the message), as they are
/// everywhere past 240 MiB. docs/deploying.md, "Memory", has the table and the figures.
public struct MemoryPlan: Sendable, Equatable {
    /// The process's own memory (code, threads, buffers), as the cost model counts it in
    /// every render's peak.
    public static let processBytes = 30 << 20
    /// A connection at its worst: request buffer, answers queued for a client that does
    /// not read (bounded by the output queue), socket state.
    public static let bytesPerConnection = 100 << 10
    /// Below this a render thread's share cannot hold a default raster image (the costliest
    /// default, dots' APNG, is estimated at 56 MiB): `spinnerd serve` warns.
    public static let smallestRenderBytes = 64 << 20

    /// The limit shared out, in bytes.
    public let limit: Int
    /// The image cache's bound: what was asked (`--cache-bytes`), else a quarter of what
    /// the fixed parts leave, at most the default 64 MiB.
    public let cacheBytes: Int
    /// The most memory one render may need at its peak, process included (the budget's
    /// `maxRenderBytes`).
    public let maxRenderBytes: Int
    /// Connections served at once: those the descriptors allow, at most as many as an
    /// eighth of the limit holds at their worst — unless they were asked for
    /// (`--max-connections`): then those, counted in full.
    public let connections: Int
    /// What the plan set aside before the cache and the renders: process, connections,
    /// final encodes.
    public let fixedBytes: Int

    /// The plan for `limit` bytes, `renderThreads` render threads (both lanes),
    /// `connections` connections (`connectionsAsked`: given by the operator, so kept),
    /// `finalEncodes` final encodes that may run at once, and the cache bound asked for, if any.
    public init(limit: Int, renderThreads: Int, connections: Int, connectionsAsked: Bool = false, finalEncodes: Int,
                askedCacheBytes: Int?, defaultCacheBytes: Int = 64 << 20,
                standardRenderBytes: Int = RenderBudget.standard.maxRenderBytes) {
        self.limit = limit
        self.connections = connectionsAsked ? connections : max(1, min(connections, limit / 8 / Self.bytesPerConnection))
        fixedBytes = Self.processBytes + self.connections * Self.bytesPerConnection + finalEncodes * RenderDispatcher.finalPeakBytes
        let remaining = max(0, limit - fixedBytes)
        cacheBytes = askedCacheBytes ?? min(defaultCacheBytes, remaining / 4)
        let forRenders = max(0, remaining - cacheBytes)
        maxRenderBytes = min(standardRenderBytes, Self.processBytes + forRenders / max(1, renderThreads))
    }

    /// Whether every render thread can hold a default raster image.
    public var rendersFit: Bool { maxRenderBytes >= Self.smallestRenderBytes }

    /// The memory limit of this process's cgroup, in bytes, or nil when there is none:
    /// cgroup v2's `memory.max` ("max" when unlimited), else cgroup v1's
    /// `memory.limit_in_bytes` (a number near 2^63 when unlimited). Inside a container
    /// both are at the root of /sys/fs/cgroup (its own cgroup namespace, or the v1 mount).
    public static func cgroupLimit(read: (String) -> String? = readSmallFile) -> Int? {
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            guard let text = read(path)?.trimmingSpaces else { continue }
            guard let bytes = Int(text), bytes > 0, bytes < 1 << 60 else { return nil }
            return bytes
        }
        return nil
    }

    /// The first 64 bytes of the file at `path`, or nil.
    public static func readSmallFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 65)
        guard fgets(&buffer, 64, file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

private extension String {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
