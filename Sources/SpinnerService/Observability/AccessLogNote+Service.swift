import HTTPServer

/// What the service notes of its answers in the access log (made once each).
extension AccessLogNote {
    /// An image answered from the cache.
    static let cacheHit = AccessLogNote("cache", "hit")
    /// An image rendered for this request (or one it joined).
    static let cacheMiss = AccessLogNote("cache", "miss")

    /// Why a render was refused with 503 (`reason=queue_full`, `client_limit`,
    /// `waited_too_long`), as `spinnerd_render_rejected_total` counts it.
    static func refused(_ refusal: RenderScheduler.Refusal) -> AccessLogNote {
        switch refusal {
        case .queueFull: queueFull
        case .clientLimit: clientLimit
        case .waitedTooLong: waitedTooLong
        }
    }

    private static let queueFull = AccessLogNote("reason", RenderScheduler.Refusal.queueFull(.quick).name)
    private static let clientLimit = AccessLogNote("reason", RenderScheduler.Refusal.clientLimit.name)
    private static let waitedTooLong = AccessLogNote("reason", RenderScheduler.Refusal.waitedTooLong.name)
    /// A render stopped at its deadline (answered 503).
    static let timedOut = AccessLogNote("reason", "render_timeout")
    /// A render whose waiters all left.
    static let cancelled = AccessLogNote("reason", "cancelled")
    /// A render that failed (answered 500).
    static let failed = AccessLogNote("reason", "render_failed")
}
