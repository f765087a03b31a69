import HTTPServer
import SpinnerModel

/// The service's knobs. Sizes in bytes, times as `Duration`s.
public struct ServiceConfiguration: Sendable {
    /// The cache's bound on the bytes of stored images. Default 64 MiB.
    public var cacheBytes: Int
    /// Render threads and queues: a quick lane and a heavy lane.
    public var lanes: RenderScheduler.Limits
    /// Renders estimated at most this long go to the quick lane. Default 1 s: every
    /// default spinner in every format (the costliest, dots as WebP, is estimated at about
    /// 0.9 s), so a page of spinners never meets the heavy lane's per-client cap.
    public var quickRender: Duration
    /// A render still running after this long is stopped and answered 503. Default 10 s.
    public var renderTimeout: Duration
    /// A render that has waited this long for a thread (and, under a memory limit, for its
    /// working memory) without starting is answered 503 with `Retry-After`. With
    /// `renderTimeout`, the bound on every admitted request's answer. Default 10 s.
    public var queueTimeout: Duration
    /// Under a memory limit, the bytes of working memory renders and final encodes share
    /// (`MemoryPlan.renderBytes`): each takes its estimated working set before it starts
    /// and waits while it does not fit. Default nil: no limit, no waiting.
    public var renderMemoryBytes: Int?
    /// The memory limit those figures were planned under (`MemoryPlan.limit`), in bytes, for
    /// /metrics. Default nil: no limit.
    public var memoryLimit: Int?
    /// Limits checked before any render.
    public var budget: RenderBudget
    /// Descriptors for large cached bodies kept in memfds (sent by sendfile); beyond,
    /// bodies stay on the heap. Default 1 024 (`spinnerd serve` takes it from its `DescriptorPlan`).
    public var bodyFiles: DescriptorQuota
    /// When set, spinner URLs must carry a valid `sig=` (else 403). Default nil: open.
    public var signing: URLSigning?
    /// Whether `/` serves the gallery. Default true; `spinnerd serve` turns it off in
    /// signed mode unless `--gallery` is given.
    public var gallery: Bool
    /// How long a front or CDN may keep a 400, 403 or 404 (what a URL itself means), so
    /// floods of bad URLs are absorbed before they reach the service, in whole seconds;
    /// zero: not cached. Default 60 s. 503s and 500s are never cached.
    public var errorMaxAge: Duration
    /// Whether every kind's default image in every format is rendered in the background
    /// at start (quick lane, after any request), so their first visitors find them cached.
    /// Readiness is not delayed. Default false; `spinnerd serve` turns it on unless
    /// `--prerender=false`.
    public var prerender: Bool
    /// Whether a cold APNG, GIF or WebP URL is answered first by a quick, provisional
    /// encode (short cache lifetime) while its final encode is made in the background
    /// (the scheduler's final lanes), and a kind's default APNG is kept compressed exhaustively
    /// (docs/formats.md, "Provisional and final answers"). Default false: one final encode
    /// per URL; `spinnerd serve` turns it on unless `--provisional=false`.
    public var provisionalAnswers: Bool
    /// Whether the operators' routes (`/metrics`) are served by an admin listener of their
    /// own (`AdminResponder`, `spinnerd serve --admin-port`) and answered 404 on the public
    /// one, so that no front or public Service passes them on. The health check is served
    /// on both. Default false: every route on the one listener.
    public var adminListener: Bool
    /// The CPU the final encodes behind provisional answers may take on average, in cores
    /// (`BackgroundCPU`), so that an autoscaler sees what visitors cause; nil: no bound
    /// (they take what the machine leaves idle, at the lowest priority). Default nil.
    public var backgroundCores: Double?

    public init(cacheBytes: Int = 64 << 20, lanes: RenderScheduler.Limits = RenderScheduler.Limits(), quickRender: Duration = .seconds(1),
                renderTimeout: Duration = .seconds(10), queueTimeout: Duration = .seconds(10), renderMemoryBytes: Int? = nil, memoryLimit: Int? = nil,
                budget: RenderBudget = .standard,
                bodyFiles: DescriptorQuota = DescriptorQuota(limit: 1024), signing: URLSigning? = nil, gallery: Bool = true,
                errorMaxAge: Duration = .seconds(60), prerender: Bool = false,
                provisionalAnswers: Bool = false, adminListener: Bool = false, backgroundCores: Double? = nil) {
        self.cacheBytes = cacheBytes
        self.lanes = lanes
        self.quickRender = quickRender
        self.renderTimeout = renderTimeout
        self.queueTimeout = queueTimeout
        self.renderMemoryBytes = renderMemoryBytes
        self.memoryLimit = memoryLimit
        self.budget = budget
        self.bodyFiles = bodyFiles
        self.signing = signing
        self.gallery = gallery
        self.errorMaxAge = errorMaxAge
        self.prerender = prerender
        self.provisionalAnswers = provisionalAnswers
        self.adminListener = adminListener
        self.backgroundCores = backgroundCores
    }
}

/// The service's two versions, kept apart: the release people run, and the version of the
/// pictures it draws.
public enum ServiceVersion {
    /// The release: `spinnerd --version`, the start-up line, the catalog, the OpenAPI
    /// document and `spinnerd_build_info`.
    public static let text = "1.4.0"
    /// What, with the canonical request, names an image in the cache: bump it whenever any
    /// output byte may change, so that no cache keeps a stale picture; a release that changes
    /// no byte leaves it, and every image cached stays good.
    public static let images = "1.4.0"
}
