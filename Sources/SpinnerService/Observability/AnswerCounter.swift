import HTTPServer

/// Counts an answer of one route (`spinnerd_requests_total`, `http_request_duration_seconds`) once it
/// is made: at once for an answer made now, when it is sent for one made later (a
/// render's). `SpinnerService.answer` counts every routed answer through one of these;
/// nothing else counts requests but the prepared cache hits (`Metrics.preparedHit`).
struct AnswerCounter: Sendable {
    let metrics: Metrics
    let route: RouteLabel
    /// When the service was asked: a request's duration runs from here to its answer.
    let asked: ContinuousClock.Instant

    init(metrics: Metrics, route: RouteLabel) {
        self.metrics = metrics
        self.route = route
        asked = .now
    }

    /// `answer`, counted: now, or (for one made later) when it is sent. The connection then
    /// waits on a pending response of the counter's, sent once the work's is counted;
    /// cancelling it cancels the work's.
    func counted(_ answer: HTTPAnswer) -> HTTPAnswer {
        switch answer {
        case .now(let response):
            count(response)
            return answer
        case .later(let pending):
            let counted = PendingResponse()
            pending.whenAnswered { response in
                count(response)
                counted.send(response)
            }
            counted.whenCancelled { pending.cancel() }
            return .later(counted)
        }
    }

    private func count(_ response: HTTPResponse) {
        metrics.request(route: route, status: response.status, seconds: (ContinuousClock.now - asked).inSeconds)
    }
}
