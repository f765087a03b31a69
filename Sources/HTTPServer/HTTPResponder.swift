import Concurrency

/// What the socket loop calls for every request; it knows nothing of routes (hummingbird's
/// split). An answer at hand is returned at once (`.now`) and goes out on the loop's
/// thread without any hand-over; slow work returns `.later` with a `PendingResponse` that
/// it completes from any thread, so the loop never blocks and routes are testable
/// without sockets. A class: every event loop shares the one responder, and reaches it
/// without counting a reference (the server holds it). A responder that has answers
/// prepared ahead is an `HTTPLendingResponder`.
public protocol HTTPResponder: AnyObject, Sendable {
    func respond(to request: HTTPRequest) -> HTTPAnswer
}

/// A responder that also lends answers prepared ahead (cached images'), found from a
/// request's raw bytes before any parsing. Both requirements come together and have no
/// default: an answer lent uncounted is safe only with the grace periods that keep it
/// alive, so a responder cannot lend one and forget them.
public protocol HTTPLendingResponder: HTTPResponder {
    /// The answer prepared ahead for a `GET` or `HEAD` seen before, found from the
    /// request's raw bytes, or nil to have the request parsed into an `HTTPRequest` and
    /// given to `respond(to:)`. Called on the event loop for every such request first, so
    /// it must be quick and must not block.
    ///
    /// Lent, not given: no reference is counted. It must stay alive until the event loop
    /// that asked passes its next quiescent state in `gracePeriods` (the loop writes it
    /// at once, or keeps its own reference when the socket is full).
    func preparedResponse(to request: HTTPRequestBytes) -> Lent<HTTPPreparedResponse>?

    /// The grace periods whose readers are the event loops: whatever
    /// `preparedResponse(to:)` lends is freed only after every loop has passed a period
    /// begun once it was unlinked (`Retirements`). Read once, when the server starts.
    var gracePeriods: GracePeriods { get }
}

/// A responder's answer: the response, or a promise of one.
public enum HTTPAnswer: Sendable {
    /// The response, now.
    case now(HTTPResponse)
    /// The response will be sent through this, from any thread.
    case later(PendingResponse)
}
