/// The timing rules of one connection, as a small state machine fed with events and
/// asked, now and then, what is due (hummingbird's way: timing apart from sockets, with
/// an injected clock).
///
/// - A client that has started a request must finish its head within `requestTimeout`
///   (408 and close otherwise — the slow-loris case).
/// - A keep-alive connection with nothing in flight is closed after `idleTimeout`.
/// - A response the client does not read for `idleTimeout` closes the connection.
/// - While a response is being prepared (a render), no timeout runs: renders are bounded
///   by the render budget.
public struct ConnectionDeadlines: Sendable {
    /// What is due.
    public enum Action: Equatable, Sendable {
        case none
        /// Answer 408 and close.
        case requestTimedOut
        /// Close quietly.
        case close
    }

    public let requestTimeout: Int64
    public let idleTimeout: Int64
    private var requestStarted: Int64?
    private var lastActivity: Int64
    private var lastWriteProgress: Int64?

    /// Deadlines for a connection opened at `now` (all in ms).
    public init(requestTimeout: Int64, idleTimeout: Int64, now: Int64) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.lastActivity = now
    }

    /// Bytes of a request that is not complete yet are in the buffer.
    public mutating func partialRequest(at now: Int64) {
        if requestStarted == nil { requestStarted = now }
        lastActivity = now
    }

    /// Every buffered request was complete (or the buffer is empty).
    public mutating func requestsComplete(at now: Int64) {
        requestStarted = nil
        lastActivity = now
    }

    /// Bytes went out, or nothing is left to write.
    public mutating func wrote(at now: Int64, remaining: Bool) {
        lastWriteProgress = remaining ? now : nil
        lastActivity = now
    }

    /// What is due at `now`, given whether responses are still being prepared.
    public func due(at now: Int64, responsesPending: Bool) -> Action {
        if let progress = lastWriteProgress { return now - progress >= idleTimeout ? .close : .none }
        if responsesPending { return .none }
        if let started = requestStarted { return now - started >= requestTimeout ? .requestTimedOut : .none }
        return now - lastActivity >= idleTimeout ? .close : .none
    }
}
