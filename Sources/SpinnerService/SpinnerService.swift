import HTTPServer
import ImageCodecs
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
    /// The fixed documents by route; the gallery (`.index`) only when `configuration.gallery`.
    private let documents: [RouteLabel: Representation]
    /// The gallery's script modules by file name (none when the gallery is off).
    private let galleryScripts: [Substring: Representation]
    /// What a 404 lists as the paths there are, on the public listener and the admin one.
    private let knownPaths: String, adminPaths: String
    private let problems: ProblemDetails
    /// Render outcomes as HTTP: the image, or its problem.
    private let renderAnswers: RenderAnswers
    /// What `/metrics` shows, each part writing its own families, in this order: the
    /// process, the build and its bounds, the counters, the cache, the render queue, the
    /// connections.
    private let metricsSources: [any MetricsSource]

    /// A service whose `/metrics` reports `transportStatistics` for the connections, and
    /// which writes to `log` what only operators may read (a failed render's internal
    /// error, with the id its client was given).
    public convenience init(configuration: ServiceConfiguration,
                            transportStatistics: @escaping @Sendable () -> TransportStatistics = { TransportStatistics() },
                            log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.init(configuration: configuration, transportStatistics: transportStatistics, log: log, draw: nil)
    }

    /// The service, with `draw` in place of the renderer's drawing and encoding when given
    /// (a test's failing encoder).
    init(configuration: ServiceConfiguration, transportStatistics: @escaping @Sendable () -> TransportStatistics,
         log: @escaping @Sendable (String) -> Void,
         draw: (@Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage)?) {
        self.configuration = configuration
        self.cache = ByteBoundedLRU(capacity: configuration.cacheBytes, gracePeriods: gracePeriods)
        let problems = ProblemDetails(errorMaxAge: configuration.errorMaxAge)
        self.problems = problems
        let renderAnswers = RenderAnswers(problems: problems, files: configuration.bodyFiles)
        self.renderAnswers = renderAnswers
        self.renders = RenderDispatcher(configuration: configuration, cache: cache, answers: renderAnswers, metrics: metrics,
                                        log: log, draw: draw)
        self.metricsSources = [ProcessMetrics(), configuration, metrics, cache, renders, TransportMetrics(read: transportStatistics)]
        let short = "public, max-age=300"
        func representation(_ route: ServiceRoute, _ body: [UInt8], extraHeaders: [(HTTPFieldName, String)] = [],
                            gzipped: [UInt8]? = nil) -> Representation {
            Representation(mediaType: route.mediaType ?? "application/octet-stream", body: body, cacheControl: short,
                           extraHeaders: extraHeaders, files: configuration.bodyFiles, gzipped: gzipped)
        }
        var documents: [RouteLabel: Representation] = [
            .catalog: representation(.catalog, Catalog.json(version: ServiceVersion.text)),
            .openapi: representation(.openapi, Array(OpenAPIDocument.yaml(version: ServiceVersion.text).utf8)),
        ]
        if configuration.gallery { documents[.index] = representation(.index, Array(GalleryPage.html.utf8), extraHeaders: GalleryPage.headers) }
        self.documents = documents
        var scripts = configuration.gallery
            ? GalleryPage.scripts.mapValues { representation(.galleryScripts, Array($0.utf8)) } : [:]
        // The Lottie player, loaded by the page only in Lottie mode (not preloaded): its
        // vendored gzip sent as it is, its script unzipped once a process.
        if configuration.gallery, let player = GalleryPage.lottiePlayerScript {
            scripts[GalleryPage.lottiePlayer] = representation(.galleryScripts, player, gzipped: LottieWebPlayer.gzipped)
        }
        galleryScripts = scripts
        knownPaths = ServiceRoute.listed(gallery: configuration.gallery, on: configuration.adminListener ? .publicBesideAdmin : .only)
        adminPaths = ServiceRoute.listed(gallery: false, on: .admin)
        if configuration.prerender { renders.prerender(Self.catalogDefaults) }
    }

    /// The cache key of a validated request: its canonical form and the pictures' version.
    static func cacheKey(_ request: SpinnerRequest) -> String {
        request.canonicalForm + "|" + ServiceVersion.images
    }

    /// Every kind in every format at its defaults, cheapest formats first (what the
    /// catalog and the gallery show first).
    static var catalogDefaults: [(request: SpinnerRequest, key: String)] {
        let formats: [OutputFormat] = [.svg, .lottie, .dotlottie, .png, .gif, .webp, .apng]
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
        answer(request, on: publicListener)
    }

    /// The listener visitors reach: every route, or all but the operators' when they have
    /// their own (`ServiceConfiguration.adminListener`).
    private var publicListener: ServiceListener { configuration.adminListener ? .publicBesideAdmin : .only }

    /// The answer to `request` as `listener` serves it (the public one, or the admin one
    /// through `AdminResponder`), counted here once it is made, whichever route made it
    /// and whenever: at once, or when a render's answer is sent. (A prepared cache hit,
    /// which never comes here, is counted by `preparedResponse`.)
    func answer(_ request: HTTPRequest, on listener: ServiceListener) -> HTTPAnswer {
        let matched = ServiceRoute.match(request.path, gallery: configuration.gallery, on: listener)
        let counter = AnswerCounter(metrics: metrics, route: matched?.route.label ?? .other)
        guard let (route, name) = matched else {
            return counter.counted(.now(notFound(request, listing: listener == .admin ? adminPaths : knownPaths)))
        }
        guard ServiceRoute.methods.contains(request.method) else {
            let names = ServiceRoute.methods.map(\.rawValue), methods = names.joined(separator: ", ")
            return counter.counted(.now(problems.response(status: .methodNotAllowed, title: "Method not allowed",
                                                          detail: "\(request.method.rawValue) is not supported here; use \(names.joined(separator: " or ")).",
                                                          accepted: methods, headers: [(.allow, methods)])))
        }
        return counter.counted(route.answer(self, request, name))
    }

    /// The health check's answer.
    func health() -> HTTPAnswer {
        .now(plain(.health, "ok\n"))
    }

    /// The Prometheus exposition: every registered source's families, the gauges read now.
    func metricsText() -> HTTPAnswer {
        .now(plain(.metrics, exposition()))
    }

    /// The text `/metrics` answers now.
    func exposition() -> String {
        var exposition = Exposition()
        for source in metricsSources { source.expose(into: &exposition) }
        return exposition.text
    }

    /// A fixed document made at start (catalog, OpenAPI, gallery page), by its route's label.
    func document(_ label: RouteLabel, _ request: HTTPRequest) -> HTTPAnswer {
        guard let document = documents[label] else { return .now(HTTPResponse.text(.internalServerError, "missing document")) }
        return .now(document.response(to: request))
    }

    /// One of the gallery's script modules, by file name; 404 for any other name.
    func galleryScript(_ name: Substring, request: HTTPRequest) -> HTTPAnswer {
        guard let script = galleryScripts[name] else { return .now(notFound(request, listing: knownPaths)) }
        return .now(script.response(to: request))
    }

    /// The 404 for a path nothing answers, listing the paths there are.
    private func notFound(_ request: HTTPRequest, listing paths: String) -> HTTPResponse {
        problems.response(status: .notFound, title: "Not found", detail: "There is nothing at \(request.path.prefix(200)).", accepted: paths)
    }

    /// A `200` of `text` as `route`'s media type, never stored (health, metrics): a probe's or
    /// a scrape's answer, which the access log writes at `debug` only.
    private func plain(_ route: ServiceRoute, _ text: String) -> HTTPResponse {
        var headers = HTTPHeaders([(.contentType, route.mediaType ?? "text/plain; charset=utf-8"), (.cacheControl, "no-store")])
        ServiceHeaders.addCommon(to: &headers)
        return HTTPResponse(status: .ok, headers: headers, body: Array(text.utf8), isRoutine: true)
    }

    /// A spinner image: from the cache, else rendered (`RenderDispatcher`).
    func spinner(_ address: SpinnerAddress, request: HTTPRequest) -> HTTPAnswer {
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
            let (kind, format) = try address.resolved()
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
            return .now(cached.response(to: request, note: .cacheHit))
        }
        metrics.cacheMiss()
        let pending = PendingResponse()
        let renderAnswers = self.renderAnswers
        let client = request.origin.map(RenderClient.init)
        switch renders.start(spinnerRequest, key: key, client: client, waiter: { outcome in
            pending.send(renderAnswers.response(for: outcome, to: request))
        }) {
        case .refused(let error):
            return .now(problems.response(for: error))
        case .waiting(let leave):
            pending.whenCancelled(leave)
            return .later(pending)
        }
    }

    /// The 403 for a spinner URL without a valid signature, in signed mode.
    private func unsigned(_ detail: String) -> HTTPResponse {
        problems.response(status: .forbidden, title: "Signature required", detail: detail, parameter: URLSigning.parameter,
                          accepted: "sig=HMAC-SHA256 of the URL's canonical form (spinnerd sign)")
    }

    /// Drops queued renders and ends the render threads; call after the server drained.
    /// Returns how many final encodes were left unfinished (their provisional answers were
    /// answered; nobody waits for them).
    @discardableResult
    public func stop() -> Int {
        renders.stop()
    }

}
