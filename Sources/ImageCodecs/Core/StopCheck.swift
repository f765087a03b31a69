/// Lets long work stop early: renders and encoders ask it between frames (and between the
/// steps of a large encode), so a render nobody waits for, or one past its deadline,
/// ends within a frame's time instead of running to completion. A check may also wait: the
/// final encodes' steps aside while a visitor's render runs (`VisitorRenders`).
public struct StopCheck: Sendable {
    /// Why work stops.
    public enum Reason: Error, Hashable, Sendable {
        /// Nobody waits for the result any more.
        case cancelled
        /// The work ran past its deadline.
        case timedOut
    }

    private let reason: @Sendable () -> Reason?

    /// A check that asks `reason` each time: nil to go on.
    public init(_ reason: @escaping @Sendable () -> Reason?) {
        self.reason = reason
    }

    /// Never stops (the command line, tests).
    public static let never = StopCheck { nil }

    /// Throws the reason to stop, if there is one now.
    public func check() throws(Reason) {
        if let reason = reason() { throw reason }
    }
}
