import HTTPServer
import Concurrency
import SpinnerModel
import SpinnerRendering

/// The spinner routes behind the HTTP server's responder interface: request → model →
/// cached or freshly rendered image. Cache hits are answered on the calling (event loop)
/// thread; misses go to the `RenderDispatcher` (cost estimate, lanes, single flight,
/// cancellation). Testable without sockets: call `respond(to:)`.
public final class SpinnerService: HTTPLendingResponder {
    public let configuration: ServiceConfiguration
    public let metrics = Metrics()
    /// Images by cache key; a request target canonicalised to a cached key becomes an alias
    /// of it, so a repeated URL is found from its raw bytes, skipping parsing and
    /// canonicalisation entirely.
    private let cache: ByteBoundedLRU<Representation>
    /// The cache's grace periods: an image evicted or replaced is freed only once every
    /// event loop has passed one, so a cached answer is lent to the loops uncounted.
    public let gracePeriods = GracePeriods()
    let renders: RenderDispatcher
    /// The fixed documents; the gallery (`.index`) only when `configuration.gallery`.
    private let documents: [Route: Representation]
    /// What a 404 lists as the paths there are.
    private let knownPaths: String
    private let problems: ProblemDetails
    private let transportStatistics: @Sendable () -> TransportStatistics

    /// A service whose `/metrics` reports `transportStatistics` for the connections.
    public init(configuration: ServiceConfiguration,
                transportStatistics: @escaping @Sendable () -> TransportStatistics = { TransportStatistics() }) {
        self.configuration = configuration
        self.cache = ByteBoundedLRU(capacity: configuration.cacheBytes, gracePeriods: gracePeriods)
        self.renders = RenderDispatcher(configuration: configuration, cache: cache, metrics: metrics)
        self.transportStatistics = transportStatistics
        self.problems = ProblemDetails(errorMaxAge: configuration.errorMaxAgeSeconds)
        let short = "public, max-age=300"
        var documents: [Route: Representation] = [
            .catalog: Representation(mediaType: "application/json", body: Catalog.json(version: ServiceVersion.text), cacheControl: short,
                                     files: configuration.bodyFiles),
            .openAPI: Representation(mediaType: "application/yaml", body: Array(OpenAPIDocument.yaml(version: ServiceVersion.text).utf8),
                                     cacheControl: short, files: configuration.bodyFiles),
        ]
        if configuration.gallery {
            documents[.index] = Representation(mediaType: "text/html; charset=utf-8", body: Array(GalleryPage.html.utf8), cacheControl: short,
                                               extraHeaders: [("Content-Security-Policy", GalleryPage.contentSecurityPolicy),
                                                              ("Referrer-Policy", "no-referrer")], files: configuration.bodyFiles)
        }
        self.documents = documents
        knownPaths = "/spinner/{kind}[" + OutputFormat.allCases.map { "." + $0.fileExtension }.joined(separator: "|")
            + "], /spinners, /healthz, /metrics, /openapi.yaml"
            + (configuration.gallery ? ", /" : "")
        if configuration.prerenderDefaults { renders.prerender(Self.catalogDefaults) }
    }

    /// The cache key of a validated request: its canonical form and the service version.
    static func cacheKey(_ request: SpinnerRequest) -> String {
        request.canonicalForm + "|" + ServiceVersion.text
    }

    /// Every kind in every format at its defaults, cheapest formats first (what the
    /// catalog and the gallery show first).
    static var catalogDefaults: [(request: SpinnerRequest, key: String)] {
        let formats: [OutputFormat] = [.svg, .lottie, .png, .gif, .webp, .apng]
        return formats.flatMap { format in
            SpinnerKind.allCases.compactMap { kind in
                (try? SpinnerRequest.parse(kind: kind.rawValue, format: format, query: [])).map { ($0, cacheKey($0)) }
            }
        }
    }

    /// The hot path: a spinner URL seen before whose image is cached needs no routing,
    /// parsing or validation (only validated spinner targets become aliases), and makes no
    /// text: the target's bytes find the entry, whose answers are written out already.
    /// Lent, uncounted: the cache frees an image only after a grace period (`gracePeriods`).
    public func preparedResponse(to request: HTTPRequestBytes) -> Lent<HTTPPreparedResponse>? {
        guard let lent = cache.withValue(forAlias: request.target, { $0.prepared(for: request) }) else { return nil }
        metrics.preparedHit(status: lent.borrow { $0.status })
        return lent
    }

    public func respond(to request: HTTPRequest) -> HTTPAnswer {
        let metrics = self.metrics
        let path = Route(path: request.path)
        // A document this service does not serve (the gallery, when it is off) is not there.
        let route = path.isDocument && documents[path] == nil ? .notFound : path
        func counted(_ response: HTTPResponse) -> HTTPAnswer {
            metrics.request(route: route.label, status: response.status)
            return .now(response)
        }
        guard route != .notFound else {
            return counted(problems.response(status: 404, title: "Not found", detail: "There is nothing at \(request.path.prefix(200)).",
                                             accepted: knownPaths))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return counted(problems.response(status: 405, title: "Method not allowed",
                                             detail: "\(request.method.prefix(20)) is not supported here; use GET or HEAD.",
                                             accepted: "GET, HEAD", headers: [("Allow", "GET, HEAD")]))
        }
        switch route {
        case .spinner(let kind, let fileExtension):
            switch spinner(kind: kind, fileExtension: fileExtension, request: request) {
            case .now(let response): return counted(response)
            case .later(let pending): return .later(pending)
            }
        case .health:
            var headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")])
            ServiceHeaders.addCommon(to: &headers)
            return counted(HTTPResponse(status: 200, headers: headers, body: Array("ok\n".utf8)))
        case .metrics:
            let text = metrics.text(cache: cache.statistics, cacheCapacity: cache.capacity, queued: renders.queued,
                                    flights: renders.inFlight, prerendersPending: renders.prerendersPending,
                                    finalsPending: renders.finalsPending, transport: transportStatistics())
            var headers = HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")])
            ServiceHeaders.addCommon(to: &headers)
            return counted(HTTPResponse(status: 200, headers: headers, body: Array(text.utf8)))
        default:
            guard let document = documents[route] else { return counted(HTTPResponse.text(500, "missing document")) }
            return counted(document.response(to: request))
        }
    }

    private func spinner(kind: String, fileExtension: String?, request: HTTPRequest) -> HTTPAnswer {
        var query = request.query
        var signature: String? = nil
        if configuration.signing != nil {
            let signatures = query.filter { $0.name == URLSigning.parameter }.map(\.value)
            query.removeAll { $0.name == URLSigning.parameter }
            // A missing, repeated or malformed sig is refused before any parsing or HMAC,
            // so a flood of unsigned or forged URLs costs next to nothing.
            guard signatures.count == 1, URLSigning.isWellFormed(signatures[0]) else {
                return .now(unsigned(signatures.isEmpty ? "This service renders signed URLs only; this one has no sig."
                                                        : "The sig of this URL is not valid for it."))
            }
            signature = signatures[0]
        }
        let spinnerRequest: SpinnerRequest
        do throws(RequestError) {
            var format: OutputFormat? = nil
            if let fileExtension {
                // Case-insensitive, like `format=`: `.PNG` is `.png`.
                guard let known = OutputFormat(fileExtension: fileExtension) else { throw .unknownFormat(fileExtension) }
                format = known
            }
            spinnerRequest = try SpinnerRequest.parse(kind: kind, format: format, query: query)
        } catch {
            return .now(problems.response(for: error))
        }
        // Checked on the canonical form, so any spelling of a signed URL is accepted and no
        // spelling of another one is.
        if let signing = configuration.signing, let signature, !signing.verifies(signature, of: spinnerRequest.canonicalForm) {
            return .now(unsigned("The sig of this URL is not valid for it."))
        }
        let key = Self.cacheKey(spinnerRequest)
        if let cached = cache.value(for: key) {
            // A final answer is found from this spelling's bytes next time (the fast path);
            // a provisional one keeps coming here, where its final encode is seen to.
            if cached.isFinal { cache.addAlias(request.target, for: key) } else { renders.ensureFinal(spinnerRequest, key: key) }
            metrics.cacheHit()
            return .now(cached.response(to: request, note: "cache=hit"))
        }
        metrics.cacheMiss()
        return renders.answer(spinnerRequest, key: key, to: request)
    }

    /// The 403 for a spinner URL without a valid signature, in signed mode.
    private func unsigned(_ detail: String) -> HTTPResponse {
        problems.response(status: 403, title: "Signature required", detail: detail, parameter: URLSigning.parameter,
                          accepted: "sig=HMAC-SHA256 of the URL's canonical form (spinnerd sign)")
    }

    /// Drops queued renders and ends the render threads; call after the server drained.
    public func stop() {
        renders.stop()
    }

}
