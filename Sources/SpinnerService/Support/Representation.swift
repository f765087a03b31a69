import HTTPServer

/// A response body as stored, with its gzip variant for compressible types, and how it
/// is answered: content negotiation, strong ETags per variant, `304` on `If-None-Match`.
struct Representation: Sendable {
    let mediaType: String
    let identity: [UInt8]
    let identityTag: String
    let gzip: [UInt8]?
    let gzipTag: String?
    let cacheControl: String
    let extraHeaders: [(String, String)]

    /// Types worth compressing (text): SVG, JSON, HTML, YAML, plain text.
    static func compressible(_ mediaType: String) -> Bool {
        ["image/svg+xml", "application/json", "text/html", "application/yaml", "text/plain"].contains { mediaType.hasPrefix($0) }
    }

    init(mediaType: String, body: [UInt8], cacheControl: String, extraHeaders: [(String, String)] = []) {
        self.mediaType = mediaType
        self.identity = body
        self.identityTag = EntityTag.of(body)
        let compressed = Representation.compressible(mediaType) ? ContentCoding.gzip(body) : nil
        // Only worth sending when it is smaller.
        self.gzip = compressed.flatMap { $0.count < body.count ? $0 : nil }
        self.gzipTag = gzip.map { _ in EntityTag.of(body, suffix: "-gz") }
        self.cacheControl = cacheControl
        self.extraHeaders = extraHeaders
    }

    /// Bytes held, for the cache's bound.
    var cost: Int { identity.count + (gzip?.count ?? 0) + 256 }

    /// The response to `request`: gzip when accepted and available, 304 when the client's
    /// tag matches the chosen variant's.
    func response(to request: HTTPRequest, note: String? = nil) -> HTTPResponse {
        let useGzip = gzip != nil && ContentCoding.acceptsGzip(request.headers["Accept-Encoding"])
        let tag = useGzip ? (gzipTag ?? identityTag) : identityTag
        var headers = HTTPHeaders([("Content-Type", mediaType), ("ETag", tag), ("Cache-Control", cacheControl)] + extraHeaders)
        if Representation.compressible(mediaType) { headers.add("Vary", "Accept-Encoding") }
        ServiceHeaders.addCommon(to: &headers)
        if EntityTag.matches(request.headers["If-None-Match"], tag) {
            return HTTPResponse(status: 304, headers: headers, logNote: note)
        }
        if useGzip { headers.add("Content-Encoding", "gzip") }
        return HTTPResponse(status: 200, headers: headers, body: useGzip ? (gzip ?? identity) : identity, logNote: note)
    }
}
