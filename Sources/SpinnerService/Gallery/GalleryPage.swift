import SpinnerModel

/// `GET /`: the gallery and playground. One self-contained page — inline style and
/// script, no external assets — served under a strict Content-Security-Policy that
/// admits exactly its own style and script by their SHA-256 hashes. Its front end is
/// written as files in `Gallery/Front/` (gallery.html, .css, .js), embedded at build time as
/// `GalleryFiles` by `make gallery` (a test fails when that is stale).
enum GalleryPage {
    /// The page's HTML: the page with the formats' names, its style and its script put in
    /// (the system colours come from the catalog, which the script reads).
    static let html: String = GalleryFiles.html
        .replacing("{{formats}}", with: OutputFormat.listedForPeople)
        .replacing("{{style}}", with: GalleryFiles.css)
        .replacing("{{script}}", with: GalleryFiles.javascript)

    /// The page's own response fields: its policy, and no referrer sent from it.
    static let headers = [("Content-Security-Policy", contentSecurityPolicy), ("Referrer-Policy", "no-referrer")]

    /// The script modules served under `/gallery/` by file name (none yet: the script is inline).
    static let scripts: [Substring: String] = [:]

    /// The page's Content-Security-Policy: nothing but its own images and requests, and
    /// its inline style and script by hash.
    static let contentSecurityPolicy: String = {
        "default-src 'none'; img-src 'self'; connect-src 'self'; "
            + "style-src 'sha256-\(SHA256.base64Digest(GalleryFiles.css))'; "
            + "script-src 'sha256-\(SHA256.base64Digest(GalleryFiles.javascript))'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}
