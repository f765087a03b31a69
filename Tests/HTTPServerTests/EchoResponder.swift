import Foundation
@testable import HTTPServer
import Synchronization
import UnitSupport
import Concurrency

/// Answers `/echo` with the target, `/origin` with the client the transport resolved, `/slow` after 300 ms (from another thread), `/big`
/// with 100 000 bytes, `/held` when the test calls `release()` (so an answer is still being
/// made for as long as the test needs, however slowly the machine runs), and `/hang` never
/// (it notes when that is cancelled). Counts requests.
final class EchoResponder: HTTPResponder {
    let requests = Atomic<Int>(0)
    let cancelled = Atomic<Int>(0)
    let big = [UInt8](repeating: 0x62, count: 100_000)
    private let held = Locked<[(PendingResponse, HTTPResponse)]>([])

    /// Sends every `/held` answer.
    func release() {
        var waiting: [(PendingResponse, HTTPResponse)] = []
        held.update { swap(&$0, &waiting) }
        for (pending, response) in waiting { pending.send(response) }
    }

    func respond(to request: HTTPRequest) -> HTTPAnswer {
        requests.add(1, ordering: .relaxed)
        let body = request.path == "/big" ? big
            : request.path == "/origin" ? Array((request.origin?.description ?? "none").utf8)
            : Array("\(request.method) \(request.target)".utf8)
        let response = HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: body)
        switch request.path {
        case "/slow":
            let pending = PendingResponse()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { pending.send(response) }
            return .later(pending)
        case "/held":
            let pending = PendingResponse()
            held.update { $0.append((pending, response)) }
            return .later(pending)
        case "/hang":
            let pending = PendingResponse()
            pending.whenCancelled { self.cancelled.add(1, ordering: .relaxed) }
            return .later(pending)
        default:
            return .now(response)
        }
    }
}
