import Foundation

/// Statuses (and `Retry-After` and 503s' `Cache-Control` values) of responses that
/// arrive on many threads at once.
final class StatusList: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []
    private var retry: [String] = []
    private var busyCaching: [String] = []

    func add(_ status: Int, retryAfter: String? = nil, cacheControl: String? = nil) {
        lock.lock()
        statuses.append(status)
        if let retryAfter { retry.append(retryAfter) }
        if status == 503 { busyCaching.append(cacheControl ?? "") }
        lock.unlock()
    }

    var all: [Int] { lock.lock(); defer { lock.unlock() }; return statuses }
    var retryAfters: [String] { lock.lock(); defer { lock.unlock() }; return retry }
    /// The `Cache-Control` of every 503.
    var busyCacheControls: [String] { lock.lock(); defer { lock.unlock() }; return busyCaching }
}
