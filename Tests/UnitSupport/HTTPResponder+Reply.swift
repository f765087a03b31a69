import Concurrency
import HTTPServer

/// A request asked of a responder in process (no transport): its response once it comes,
/// now or later from another thread.
public final class AskedAnswer: Sendable {
    /// The target asked, for messages.
    public let target: String
    private let box = Locked<HTTPResponse?>(nil)

    init(target: String) { self.target = target }

    /// The response, nil until it has come.
    public var response: HTTPResponse? { box.value }

    /// The response, waiting for it at most `seconds` (a bound on a hang, not a time any
    /// test asserts).
    public func wait(seconds: Double = 60) throws -> HTTPResponse {
        guard waitUntil(seconds: seconds, { box.value != nil }), let response = box.value else {
            throw NoAnswer(target: target, seconds: seconds)
        }
        return response
    }

    fileprivate func answered(_ response: HTTPResponse) { box.set(response) }
}

/// A request asked in process had no response within the wait's bound.
public struct NoAnswer: Error, CustomStringConvertible {
    public let target: String
    public let seconds: Double
    public var description: String { "\(target): no answer within \(seconds) s" }
}

extension HTTPResponder {
    /// Calls `reply` once with the answer to `request`, now or later from another thread
    /// (what a test without a transport needs).
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch respond(to: request) {
        case .now(let response): reply(response)
        case .later(let pending): pending.whenAnswered(reply)
        }
    }

    /// Asks `request` and returns at once: the response is read from the value.
    public func ask(_ request: HTTPRequest) -> AskedAnswer {
        let asked = AskedAnswer(target: request.target)
        respond(to: request) { asked.answered($0) }
        return asked
    }

    /// The one in-process `get`: the response to `request`, waited for at most `seconds`.
    public func answer(to request: HTTPRequest, seconds: Double = 60) throws -> HTTPResponse {
        try ask(request).wait(seconds: seconds)
    }
}
