import SpinnerModel

/// `GET /`: the gallery and playground. One self-contained page — inline style and
/// script, no external assets — served under a strict Content-Security-Policy that
/// admits exactly its own style and script by their SHA-256 hashes. Its front end is
/// written as files in `Gallery/Front/` (gallery.html, .css, .js), embedded at build time as
/// `GalleryFiles` by `make gallery` (a test fails when that is stale).
enum GalleryPage {
    /// The page's HTML: the page with the formats' names, the system colours, its style and
    /// its script put in.
    static let html: String = GalleryFiles.html
        .replacing("{{formats}}", with: OutputFormat.listedForPeople)
        .replacing("{{systemColours}}", with: systemColoursJSON)
        .replacing("{{style}}", with: GalleryFiles.css)
        .replacing("{{script}}", with: GalleryFiles.javascript)

    /// The iOS system colours as the service resolves them, for the page's colour swatches:
    /// a JSON object from each accepted name, lower case (aliases such as `primary`
    /// included), to its light and dark hex, `{"systemblue":["007aff","0a84ff"],…}`. Names
    /// and hex digits only, so it sits in a single-quoted HTML attribute as it is.
    static let systemColoursJSON: String = {
        let names = SystemColor.allCases.map { ($0.rawValue.lowercased(), $0) }
            + SystemColor.aliases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return "{" + names.map { name, color in "\"\(name)\":[\"\(color.light.hex)\",\"\(color.dark.hex)\"]" }
            .joined(separator: ",") + "}"
    }()

    /// The page's Content-Security-Policy: nothing but its own images and requests, and
    /// its inline style and script by hash.
    static let contentSecurityPolicy: String = {
        "default-src 'none'; img-src 'self'; connect-src 'self'; "
            + "style-src 'sha256-\(SHA256.base64Digest(GalleryFiles.css))'; "
            + "script-src 'sha256-\(SHA256.base64Digest(GalleryFiles.javascript))'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}
