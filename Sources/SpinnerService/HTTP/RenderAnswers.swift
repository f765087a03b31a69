import Concurrency
import HTTPServer
import SpinnerRendering

/// Where renders become HTTP, once: a rendered image's representation (its answers
/// prepared, for the cache to keep), and an outcome's answer: that representation as it
/// is, or the problem (`ProblemDetails`) saying why there is none.
struct RenderAnswers: Sendable {
    let problems: ProblemDetails
    /// Where image bodies of 16 KiB and more go: memfds, counted (`ServiceConfiguration.bodyFiles`).
    let files: DescriptorQuota

    /// `image` as the cache keeps it, made once on the thread that rendered it (so a hit
    /// costs the event loops nothing): immutable when it is the URL's final encode, a
    /// short public lifetime when provisional (`ServiceHeaders`); an SVG with its own
    /// Content-Security-Policy. `version` is the URL's `v` (its entity tag's too).
    func representation(of image: RenderedImage, pass: RenderPass, version: String) -> Representation {
        let extra: [(HTTPFieldName, String)] = image.format == .svg ? [(.contentSecurityPolicy, ServiceHeaders.svgPolicy)] : []
        return Representation(mediaType: image.mediaType, body: image.bytes,
                              cacheControl: pass == .final ? ServiceHeaders.immutable : ServiceHeaders.provisional,
                              extraHeaders: extra, files: files, isFinal: pass == .final, version: version)
    }

    /// The answer to `request` of a render's outcome: the image (`cache=miss` in the log),
    /// or the problem saying why there is none: a 500 with the failure's id, a 503 with
    /// `Retry-After` when trying again shortly may work.
    func response(for outcome: RenderOutcome, to request: HTTPRequest) -> HTTPResponse {
        var response = problem(for: outcome, to: request)
        // The log says why a render was not answered with its image.
        switch outcome {
        case .image: break
        case .refused: break
        case .failed: response.logNote = .failed
        case .cancelled: response.logNote = .cancelled
        case .busy(_, let refusal): response.logNote = .refused(refusal)
        case .timedOut: response.logNote = .timedOut
        }
        return response
    }

    private func problem(for outcome: RenderOutcome, to request: HTTPRequest) -> HTTPResponse {
        switch outcome {
        case .image(let representation):
            return representation.response(to: request, note: .cacheMiss)
        case .refused(let error):
            return problems.response(for: error)
        case .failed(let failure):
            return problems.response(status: .internalServerError, title: "Render failed",
                            detail: "The image could not be rendered; the service's log has what failed under this "
                                + "error's id (\(failure.id)).",
                            errorID: failure.id)
        case .cancelled:
            return problems.response(status: .serviceUnavailable, title: "Render cancelled", detail: "Nobody waited for the image any more.",
                            headers: [(.retryAfter, "1")])
        case .busy(let lane, .clientLimit):
            return problems.response(status: .serviceUnavailable, title: "Busy",
                            detail: "Your address already has its share of costly renders (\(lane.name) lane) in progress; retry shortly.",
                            headers: [(.retryAfter, "1")])
        case .busy(let lane, .queueFull):
            return problems.response(status: .serviceUnavailable, title: "Busy", detail: "The \(lane.name) render queue is full; retry shortly.",
                            headers: [(.retryAfter, "1")])
        case .busy(let lane, .waitedTooLong):
            return problems.response(status: .serviceUnavailable, title: "Busy",
                            detail: "The render waited in the \(lane.name) lane as long as a render may for a thread "
                                + "and memory; retry shortly.",
                            headers: [(.retryAfter, "2")])
        case .timedOut:
            return problems.response(status: .serviceUnavailable, title: "Render timed out",
                            detail: "The image took longer than the render deadline; retry shortly or ask for less.",
                            headers: [(.retryAfter, "2")])
        }
    }
}
