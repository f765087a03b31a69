import HTTPServer

extension HTTPResponder {
    /// Calls `reply` once with the answer to `request`, now or later from another thread
    /// (what a test without a transport needs).
    public func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch respond(to: request) {
        case .now(let response): reply(response)
        case .later(let pending): pending.whenAnswered(reply)
        }
    }
}
