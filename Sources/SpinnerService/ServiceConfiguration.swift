import HTTPServer
import SpinnerModel

/// The service's knobs. Sizes in bytes.
public struct ServiceConfiguration: Sendable {
    /// The cache's bound on the bytes of stored images. Default 64 MiB.
    public var cacheBytes: Int
    /// Render worker threads. Default: the number of cores.
    public var workers: Int
    /// Renders that may wait for a worker; beyond, 503. Default 64.
    public var renderQueue: Int
    /// Limits checked before any render.
    public var budget: RenderBudget
    /// Descriptors for large cached bodies kept in memfds (sent by sendfile); beyond,
    /// bodies stay on the heap. Default 1 024 (`spinnerd serve` takes it from its `DescriptorPlan`).
    public var bodyFiles: DescriptorQuota

    public init(cacheBytes: Int = 64 << 20, workers: Int = 2, renderQueue: Int = 64, budget: RenderBudget = .standard,
                bodyFiles: DescriptorQuota = DescriptorQuota(limit: 1024)) {
        self.cacheBytes = cacheBytes
        self.workers = workers
        self.renderQueue = renderQueue
        self.budget = budget
        self.bodyFiles = bodyFiles
    }
}

/// The version that, with the canonical request, names an image: bump it whenever any
/// output byte may change, so caches and ETags never serve a stale picture.
public enum ServiceVersion {
    public static let text = "1.0.0"
}
