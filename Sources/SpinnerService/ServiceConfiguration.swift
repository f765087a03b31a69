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

    public init(cacheBytes: Int = 64 << 20, workers: Int = 2, renderQueue: Int = 64, budget: RenderBudget = .standard) {
        self.cacheBytes = cacheBytes
        self.workers = workers
        self.renderQueue = renderQueue
        self.budget = budget
    }
}

/// The version that, with the canonical request, names an image: bump it whenever any
/// output byte may change, so caches and ETags never serve a stale picture.
public enum ServiceVersion {
    public static let text = "1.0.0"
}
