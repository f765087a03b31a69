import HTTPServer

/// A response body as stored, with its gzip variant for compressible types, and how it
/// is answered: content negotiation, strong ETags per variant, `304` on `If-None-Match`.
struct Representation: Sendable {
    let mediaType: String
    /// The body, unless it is in `identityFile`.
    let identity: [UInt8]
    /// Bodies of `fileThreshold` bytes or more live in a sealed memfd and go out by sendfile.
    let identityFile: HTTPBodyFile?
    let identityTag: String
    let gzip: [UInt8]?
    let gzipTag: String?
    let cacheControl: String
    let extraHeaders: [(String, String)]
    /// The response fields of each variant, built once: answering a cached image then
    /// copies two arrays instead of assembling fields.
    private let identityFields: HTTPHeaders
    private let gzipFields: HTTPHeaders?

    /// Types worth compressing (text): SVG, JSON, HTML, YAML, plain text.
    static func compressible(_ mediaType: String) -> Bool {
        ["image/svg+xml", "application/json", "text/html", "application/yaml", "text/plain"].contains { mediaType.hasPrefix($0) }
    }

    /// Bodies this large are sent from a file (the cost of the copy outweighs the descriptor).
    static let fileThreshold = 16 * 1024

    init(mediaType: String, body: [UInt8], cacheControl: String, extraHeaders: [(String, String)] = []) {
        self.mediaType = mediaType
        self.identityTag = EntityTag.of(body)
        let file = body.count >= Representation.fileThreshold ? HTTPBodyFile(body) : nil
        self.identityFile = file
        self.identity = file == nil ? body : []
        let compressed = Representation.compressible(mediaType) ? ContentCoding.gzip(body) : nil
        // Only worth sending when it is smaller.
        self.gzip = compressed.flatMap { $0.count < body.count ? $0 : nil }
        self.gzipTag = gzip.map { _ in EntityTag.of(body, suffix: "-gz") }
        self.cacheControl = cacheControl
        self.extraHeaders = extraHeaders
        let vary: [(String, String)] = Representation.compressible(mediaType) ? [("Vary", "Accept-Encoding")] : []
        func fields(_ tag: String, gzip: Bool) -> HTTPHeaders {
            var headers = HTTPHeaders([("Content-Type", mediaType), ("ETag", tag), ("Cache-Control", cacheControl)] + extraHeaders + vary)
            ServiceHeaders.addCommon(to: &headers)
            if gzip { headers.add("Content-Encoding", "gzip") }
            headers.prepareWireForm()
            return headers
        }
        identityFields = fields(identityTag, gzip: false)
        gzipFields = gzipTag.map { fields($0, gzip: true) }
    }

    /// Bytes held (in memory or in the memfd), for the cache's bound.
    var cost: Int { identity.count + (identityFile?.length ?? 0) + (gzip?.count ?? 0) + 256 }

    /// The response to `request`: gzip when accepted and available, 304 when the client's
    /// tag matches the chosen variant's.
    func response(to request: HTTPRequest, note: String? = nil) -> HTTPResponse {
        let gzipped = gzipFields != nil && ContentCoding.acceptsGzip(request.headers["Accept-Encoding"])
        let tag = gzipped ? (gzipTag ?? identityTag) : identityTag
        if EntityTag.matches(request.headers["If-None-Match"], tag) {
            var headers = (gzipped ? gzipFields : nil) ?? identityFields
            headers.remove("Content-Encoding")
            return HTTPResponse(status: 304, headers: headers, logNote: note)
        }
        if gzipped, let gzip {
            return HTTPResponse(status: 200, headers: gzipFields ?? identityFields, body: gzip, logNote: note)
        }
        return HTTPResponse(status: 200, headers: identityFields, body: identity, bodyFile: identityFile, logNote: note)
    }
}
