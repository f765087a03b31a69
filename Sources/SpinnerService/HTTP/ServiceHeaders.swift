import HTTPServer

/// Headers every response carries.
enum ServiceHeaders {
    /// CORS for `<img>`/fetch from any page, and no MIME sniffing.
    static func addCommon(to headers: inout HTTPHeaders) {
        headers.set(.accessControlAllowOrigin, "*")
        headers.set(.xContentTypeOptions, "nosniff")
    }

    /// For spinner images: a pure function of URL and version, so cacheable forever.
    static let immutable = "public, max-age=31536000, immutable"
    /// For a provisional answer (docs/formats.md, "Provisional and final answers"): a front
    /// or browser keeps it a minute, then revalidates with its ETag and gets the final
    /// encode (a `200`, since the bytes differ), which the service makes within seconds
    /// of an idle core (dots' default APNG by zopfli: about 26 s of one core).
    static let provisional = "public, max-age=60"
    /// An SVG may run no script and load nothing; only its own inline style applies.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'"
}
