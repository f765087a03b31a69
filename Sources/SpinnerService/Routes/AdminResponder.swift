import HTTPServer

/// The admin listener's responder (`spinnerd serve --admin-port`): the health check and the
/// Prometheus exposition of `service`, and a 404 for anything else, so that the metrics
/// are reachable by the operators' scrapers and probes without passing through a public
/// front. Answers are counted in the service's `spinnerd_requests_total` like the public
/// listener's.
public final class AdminResponder: HTTPResponder {
    private let service: SpinnerService

    public init(service: SpinnerService) {
        self.service = service
    }

    public func respond(to request: HTTPRequest) -> HTTPAnswer {
        service.answer(request, on: .admin)
    }
}
