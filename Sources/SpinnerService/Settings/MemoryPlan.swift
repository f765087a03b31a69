import Concurrency
import SpinnerModel
import SpinnerRendering

/// How `spinnerd serve` shares out a memory limit it finds at start (its cgroup's,
/// `CgroupMemoryLimit`, or `--memory-limit`), so that the process at its worst fits the
/// limit instead of being killed by the kernel — without changing what the API admits:
/// every replica accepts the same URLs, whatever its limit.
///
/// What cannot wait comes first: the process itself, its connections (at most an eighth of
/// the limit's worth, 100 KiB each) and a slack for what no estimate counts. The image
/// cache gets a quarter of the rest, at most its default. What is left is the renders'
/// working memory, shared by the memory gate (`MemoryGate`): a render takes its estimated
/// working set before it starts and waits while it does not fit. Below the limit at which
/// the largest render the API admits fits alone (`floor`), `spinnerd serve` refuses to
/// start. docs/deploying.md, "Memory", has the table and the figures.
public struct MemoryPlan: Sendable, Equatable {
    /// The process's own memory (code, threads, buffers), as the cost model counts it in
    /// every render's peak.
    public static var processBytes: Int { RenderCostModel.processBytes }
    /// A connection at its worst: request buffer, answers queued for a client that does
    /// not read (bounded by the output queue), socket state.
    public static let bytesPerConnection = 100 << 10
    /// A sixteenth of the limit, at least 16 MiB, is left to what no estimate counts: the
    /// allocator's padding and free pages, thread stacks, socket buffers, the pages of the
    /// binary and libraries the kernel charges to the cgroup.
    static func slackBytes(limit: Int) -> Int { max(16 << 20, limit / 16) }
    /// Quick renders of at most 4 MiB of working memory (a default-sized GIF, PNG or WebP)
    /// share 16 MiB of their own beside the gate's capacity, so that they never wait behind
    /// a costly render that fills it (`MemoryGate.SmallClaims`).
    public static let smallClaims = MemoryGate.SmallClaims(each: 4 << 20, together: 16 << 20)

    /// The limit shared out, in bytes.
    public let limit: Int
    /// The image cache's bound: what was asked (`--cache-bytes`), else a quarter of what
    /// the fixed parts leave, at most the default 64 MiB.
    public let cacheBytes: Int
    /// Bytes of working memory the renders share (the memory gate's capacity): what is
    /// left after the fixed parts, the cache and the small renders' allowance.
    public let renderBytes: Int
    /// The working memory of the largest render the budget admits (its `maxRenderBytes`
    /// less the process's own): what `renderBytes` must hold for every admitted URL to be
    /// rendered.
    public let largestRenderBytes: Int
    /// Connections served at once: those the descriptors allow, at most as many as an
    /// eighth of the limit holds at their worst — unless they were asked for
    /// (`--max-connections`): then those, counted in full.
    public let connections: Int
    /// What the plan set aside before the cache and the renders: process, connections, slack.
    public let fixedBytes: Int

    // What the plan was made from, so that `floor` can be found for the same settings.
    private let connectionsGiven: Int
    private let connectionsAsked: Bool
    private let askedCacheBytes: Int?
    private let defaultCacheBytes: Int
    private let budget: RenderBudget

    /// The plan for `limit` bytes, `connections` connections (`connectionsAsked`: given by
    /// the operator, so kept), the cache bound asked for, if any, and `budget`, whose
    /// largest render must fit.
    public init(limit: Int, connections: Int, connectionsAsked: Bool = false, askedCacheBytes: Int?,
                defaultCacheBytes: Int = 64 << 20, budget: RenderBudget = .standard) {
        self.limit = limit
        (connectionsGiven, self.connectionsAsked, self.askedCacheBytes, self.defaultCacheBytes, self.budget) =
            (connections, connectionsAsked, askedCacheBytes, defaultCacheBytes, budget)
        self.connections = connectionsAsked ? connections : max(1, min(connections, limit / 8 / Self.bytesPerConnection))
        fixedBytes = Self.processBytes + self.connections * Self.bytesPerConnection + Self.slackBytes(limit: limit)
        let remaining = max(0, limit - fixedBytes)
        cacheBytes = askedCacheBytes ?? min(defaultCacheBytes, remaining / 4)
        renderBytes = max(0, remaining - cacheBytes - Self.smallClaims.together)
        largestRenderBytes = max(0, budget.maxRenderBytes - Self.processBytes)
    }

    /// Whether the largest render the API admits fits in the renders' memory alone.
    public var rendersFit: Bool { renderBytes >= largestRenderBytes }

    /// The smallest limit, in whole MiB, at which the largest admitted render fits beside
    /// the same connections and cache (`rendersFit`): below it `spinnerd serve` refuses to
    /// start. 394 MiB with the defaults (two cores, descriptors to spare).
    public var floor: Int {
        var low = 1, high = 1 << 20  // MiB: from 1 MiB to 1 TiB
        let fits = { (mib: Int) in
            MemoryPlan(limit: mib << 20, connections: self.connectionsGiven, connectionsAsked: self.connectionsAsked,
                       askedCacheBytes: self.askedCacheBytes, defaultCacheBytes: self.defaultCacheBytes,
                       budget: self.budget).rendersFit
        }
        guard fits(high) else { return high << 20 }
        while low < high {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        return low << 20
    }

    /// Why `spinnerd serve` does not start under this plan (nil when the renders fit): the
    /// limit, what it leaves the renders beside what, what the largest render needs, and
    /// what to raise.
    public var refusal: String? {
        guard !rendersFit else { return nil }
        return "the memory limit of \(limit >> 20) MiB leaves the renders \(renderBytes >> 20) MiB (beside the process, "
            + "\(Self.processBytes >> 20) MiB; \(connections) connections, \((connections * Self.bytesPerConnection) >> 20) MiB; "
            + "the image cache, \(cacheBytes >> 20) MiB; small renders, \(Self.smallClaims.together >> 20) MiB; and "
            + "\(Self.slackBytes(limit: limit) >> 20) MiB of slack), but the largest "
            + "image the API admits needs \(largestRenderBytes >> 20) MiB: raise the memory limit to at least \(floor >> 20) MiB"
            + (askedCacheBytes != nil || connectionsAsked ? ", or ask for a smaller --cache-bytes or fewer --max-connections" : "")
    }
}
