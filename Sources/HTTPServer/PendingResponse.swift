import Concurrency

/// A response that is still being made, shared between the work that makes it and the
/// connection that waits for it: the work calls `send` once, from any thread; the
/// connection learns of it through `whenAnswered`. When the connection goes away first
/// (its client left), the transport calls `cancel`, and the work may stop: it can ask
/// `isCancelled` or be told through `whenCancelled`.
public final class PendingResponse: Sendable {
    private enum State {
        /// Not answered; who to tell when it is, and who to tell if it is cancelled.
        case waiting(answered: (@Sendable (HTTPResponse) -> Void)?, cancelled: [@Sendable () -> Void])
        /// Answered before anyone asked for the answer.
        case answered(HTTPResponse)
        /// Answered and handed over, or cancelled: nothing more happens.
        case done(cancelled: Bool)
    }

    private let state = Locked(State.waiting(answered: nil, cancelled: []))

    public init() {}

    /// Completes the response; calls after the first, or after a cancel, do nothing.
    public func send(_ response: HTTPResponse) {
        let receiver: (@Sendable (HTTPResponse) -> Void)? = state.withLock { state in
            guard case .waiting(let answered, _) = state else { return nil }
            guard let answered else {
                state = .answered(response)
                return nil
            }
            state = .done(cancelled: false)
            return answered
        }
        receiver?(response)
    }

    /// Calls `receiver` with the response once it is sent (now, if it already was). One
    /// receiver; it is not called after a cancel.
    public func whenAnswered(_ receiver: @escaping @Sendable (HTTPResponse) -> Void) {
        let ready: HTTPResponse? = state.withLock { state in
            switch state {
            case .waiting(nil, let cancelled):
                state = .waiting(answered: receiver, cancelled: cancelled)
                return nil
            case .waiting(.some, _):
                preconditionFailure("a pending response has one receiver")
            case .answered(let response):
                state = .done(cancelled: false)
                return response
            case .done:
                return nil
            }
        }
        if let ready { receiver(ready) }
    }

    /// Calls `handler` if the response is cancelled (now, if it already was).
    public func whenCancelled(_ handler: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            switch state {
            case .waiting(let answered, var cancelled):
                cancelled.append(handler)
                state = .waiting(answered: answered, cancelled: cancelled)
                return false
            case .answered: return false
            case .done(let cancelled): return cancelled
            }
        }
        if now { handler() }
    }

    /// True once nobody waits for the response any more.
    public var isCancelled: Bool {
        state.withLock { if case .done(true) = $0 { true } else { false } }
    }

    /// Nobody waits any more (the connection closed): tells the cancel handlers; a later
    /// `send` is dropped.
    public func cancel() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard case .waiting(_, let cancelled) = state else { return [] }
            state = .done(cancelled: true)
            return cancelled
        }
        for handler in handlers { handler() }
    }
}
