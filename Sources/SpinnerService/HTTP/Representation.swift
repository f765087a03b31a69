import Concurrency
import HTTPServer

/// A response body as stored, with its gzip variant for compressible types, and how it
/// is answered: content negotiation, strong ETags per variant, `304` on `If-None-Match`.
/// A class: a cache hit hands it on with one reference, not one per field.
final class Representation: Sendable {
    /// One encoding of the body with its tag, and the response fields of its `200` and
    /// `304`, built once: answering from the cache then copies prepared bytes.
    private struct Variant: Sendable {
        let body: [UInt8]
        /// Bodies of `fileThreshold` bytes or more live in a sealed memfd and go out by sendfile.
        let file: HTTPBodyFile?
        let tag: String
        /// The tag's bytes, quotes included, for `If-None-Match` read from raw bytes.
        let tagBytes: [UInt8]
        let fields: HTTPHeaders
        let notModifiedFields: HTTPHeaders
        /// Its `200` and `304` written out for a cache hit (log note `cache=hit`).
        let prepared: HTTPPreparedResponse
        let preparedNotModified: HTTPPreparedResponse

        init(body: [UInt8], file: HTTPBodyFile?, tag: String, fields: HTTPHeaders, notModifiedFields: HTTPHeaders) {
            self.body = body
            self.file = file
            self.tag = tag
            self.tagBytes = Array(tag.utf8)
            self.fields = fields
            self.notModifiedFields = notModifiedFields
            prepared = HTTPPreparedResponse(HTTPResponse(status: .ok, headers: fields, body: body, bodyFile: file, logNote: .cacheHit))
            preparedNotModified = HTTPPreparedResponse(HTTPResponse(status: .notModified, headers: notModifiedFields, logNote: .cacheHit))
        }

        /// Bytes held, in memory or in the memfd.
        var length: Int { body.count + (file?.length ?? 0) }

        /// `304` when the client's `If-None-Match` lists this variant's tag, else `200`.
        func response(ifNoneMatch: UnsafeRawBufferPointer?, note: AccessLogNote?) -> HTTPResponse {
            if EntityTag.matches(ifNoneMatch, tagBytes) {
                return HTTPResponse(status: .notModified, headers: notModifiedFields, logNote: note)
            }
            return HTTPResponse(status: .ok, headers: fields, body: body, bodyFile: file, logNote: note)
        }

        /// The prepared `304` or `200` for an `If-None-Match` value's bytes, lent (it lives
        /// as long as this variant): the same choice as `response(ifNoneMatch:note:)`.
        func prepared(ifNoneMatch: UnsafeRawBufferPointer?) -> Lent<HTTPPreparedResponse> {
            Lent(EntityTag.matches(ifNoneMatch, tagBytes) ? preparedNotModified : prepared)
        }
    }

    private let identity: Variant
    private let gzip: Variant?
    /// False for a provisional answer (a quick encode served with a short cache lifetime
    /// while the final one is made): the cache replaces it with the final, never the other
    /// way round, and leads no alias to it, so that its requests take the path that checks
    /// its final encode is on its way. True for everything else. Default true.
    let isFinal: Bool

    /// Types worth compressing (text): SVG, JSON, HTML, YAML, plain text, JavaScript (the
    /// gallery's modules and its Lottie player: 305 KB, 76 KB gzipped).
    static func compressible(_ mediaType: String) -> Bool {
        ["image/svg+xml", "application/json", "text/html", "application/yaml", "text/plain", "text/javascript"].contains { mediaType.hasPrefix($0) }
    }

    /// Bodies this large are sent from a file (the cost of the copy outweighs the descriptor).
    static let fileThreshold = 16 * 1024

    /// `files` counts the memfds of large bodies (with none left, or nil, they stay in memory).
    /// `version` (a URL's `v`) goes into the entity tag. `gzipped`: the body's gzip member
    /// when the caller has it already (a vendored file), so it is not compressed again.
    init(mediaType: String, body: [UInt8], cacheControl: String, extraHeaders: [(HTTPFieldName, String)] = [], files: DescriptorQuota?,
         isFinal: Bool = true, version: String = "", gzipped: [UInt8]? = nil) {
        self.isFinal = isFinal
        let compressible = Representation.compressible(mediaType)
        func fields(_ tag: String, contentEncoding: String?) -> HTTPHeaders {
            var headers = HTTPHeaders([(.contentType, mediaType), (.eTag, tag), (.cacheControl, cacheControl)] + extraHeaders
                                      + (compressible ? [(.vary, "Accept-Encoding")] : []))
            ServiceHeaders.addCommon(to: &headers)
            if let contentEncoding { headers.add(.contentEncoding, contentEncoding) }
            headers.prepareWireForm()
            return headers
        }
        func variant(_ bytes: [UInt8], tag: String, contentEncoding: String?) -> Variant {
            let file = contentEncoding == nil && bytes.count >= Representation.fileThreshold ? files.flatMap { HTTPBodyFile(bytes, quota: $0) } : nil
            return Variant(body: file == nil ? bytes : [], file: file, tag: tag, fields: fields(tag, contentEncoding: contentEncoding),
                           notModifiedFields: fields(tag, contentEncoding: nil))
        }
        let identityTag = EntityTag.of(body, version: version)
        identity = variant(body, tag: identityTag, contentEncoding: nil)
        // Only worth sending when it is smaller; its tag is the identity tag marked "-gz".
        gzip = (compressible ? gzipped ?? ContentCoding.gzip(body) : nil).flatMap { compressed in
            compressed.count < body.count
                ? variant(compressed, tag: String(identityTag.dropLast()) + "-gz\"", contentEncoding: "gzip") : nil
        }
    }

    /// Bytes held (in memory or in the memfd), for the cache's bound, the prepared heads
    /// included.
    var cost: Int { identity.length + (gzip?.length ?? 0) + 1024 }

    /// The body's length as stored (no content coding), in bytes.
    var bodyLength: Int { identity.length }

    /// The body as stored (no content coding), read back from its file if it has one; nil
    /// when the file cannot be read.
    func body() -> [UInt8]? {
        guard let file = identity.file else { return identity.body }
        let bytes = file.bytes()
        return bytes.count == file.length ? bytes : nil
    }

    /// The one choice every answer makes, from the `Accept-Encoding` value's bytes: the
    /// gzip variant when the client accepts it and there is one, else the identity.
    /// `body` borrows the variant (nothing counted: the fast path calls it for every hit).
    @inline(__always)
    private func withVariant<Result>(acceptEncoding: UnsafeRawBufferPointer?, _ body: (borrowing Variant) -> Result) -> Result {
        if let gzip, ContentCoding.acceptsGzip(acceptEncoding) { return body(gzip) }
        return body(identity)
    }

    /// The response to `request`: the chosen variant, 304 when the client's tag matches its.
    func response(to request: HTTPRequest, note: AccessLogNote? = nil) -> HTTPResponse {
        HTTPHeaderList.withBytes(of: request.headers[.acceptEncoding]) { acceptEncoding in
            HTTPHeaderList.withBytes(of: request.headers[.ifNoneMatch]) { ifNoneMatch in
                withVariant(acceptEncoding: acceptEncoding) { $0.response(ifNoneMatch: ifNoneMatch, note: note) }
            }
        }
    }

    /// The prepared answer to a request seen as raw bytes (the fast path of a cache hit):
    /// the same choice as `response(to:)`. Lent: it lives as long as this representation.
    func prepared(for request: HTTPRequestBytes) -> Lent<HTTPPreparedResponse> {
        withVariant(acceptEncoding: request.acceptEncoding) { $0.prepared(ifNoneMatch: request.ifNoneMatch) }
    }
}
