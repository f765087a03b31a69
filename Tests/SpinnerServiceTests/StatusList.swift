import Foundation

/// Statuses (and `Retry-After` values) of responses that arrive on many threads at once.
final class StatusList: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []
    private var retry: [String] = []

    func add(_ status: Int, retryAfter: String? = nil) {
        lock.lock()
        statuses.append(status)
        if let retryAfter { retry.append(retryAfter) }
        lock.unlock()
    }

    var all: [Int] { lock.lock(); defer { lock.unlock() }; return statuses }
    var retryAfters: [String] { lock.lock(); defer { lock.unlock() }; return retry }
}
