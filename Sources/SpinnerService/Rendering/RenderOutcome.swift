import SpinnerModel

/// A finished render or why there is none, shared by everyone who waited for it (the
/// HTTP answer made of it is `RenderAnswers.response(for:to:)`'s).
enum RenderOutcome: Sendable {
    /// The image, cached.
    case image(Representation)
    /// Refused by the request's own parameters once drawing began (rare: most are refused
    /// by the estimate before any work).
    case refused(RequestError)
    /// The render failed: the client gets the failure's id, the log its internal text.
    case failed(RenderFailure)
    /// Not run: its lane's queue was full, its client had its share, or it waited too long.
    case busy(RenderLane, RenderScheduler.Refusal)
    /// Stopped at the render deadline.
    case timedOut
    /// Nobody waits for it any more (never read).
    case cancelled
}

/// What `RenderDispatcher.start` did with a request for an image not cached.
enum RenderStart: Sendable {
    /// Over the budget: refused before any work.
    case refused(RequestError)
    /// Joined the render in flight for the image, or started one; the outcome comes
    /// through the waiter given. `leave` says the waiter is gone (its client left): the
    /// render is dropped or stopped when nobody else waits.
    case waiting(leave: @Sendable () -> Void)
}
