import Concurrency
import Foundation

/// Statuses (and `Retry-After` and 503s' `Cache-Control` values) of responses that
/// arrive on many threads at once.
public final class StatusList: Sendable {
    private struct Collected {
        var statuses: [Int] = []
        var retry: [String] = []
        var busyCaching: [String] = []
    }

    private let collected = Locked(Collected())

    public init() {}

    public func add(_ status: Int, retryAfter: String? = nil, cacheControl: String? = nil) {
        collected.update { collected in
            collected.statuses.append(status)
            if let retryAfter { collected.retry.append(retryAfter) }
            if status == 503 { collected.busyCaching.append(cacheControl ?? "") }
        }
    }

    public var all: [Int] { collected.value.statuses }
    public var retryAfters: [String] { collected.value.retry }
    /// The `Cache-Control` of every 503.
    public var busyCacheControls: [String] { collected.value.busyCaching }
}
