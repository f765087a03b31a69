import Compression
import GalleryPlayer
import SpinnerModel
import HTTPServer

/// `GET /`: the gallery and playground. One page with its style inline and its script as
/// ES modules served beside it (`/gallery/NAME.js`), under a strict
/// Content-Security-Policy: nothing from elsewhere, its own style by hash, scripts only
/// from this service. Its front end is written as files in `Gallery/Front/`
/// (gallery.html, gallery.css and one module per job, gallery.js their entry), which
/// SwiftPM embeds in the binary as they are (`PackageResources`, `.embedInCode`).
enum GalleryPage {
    /// The script modules by file name, as written in Gallery/Front/ (a test holds this
    /// list to the folder). `gallery.js` is the entry, which imports the rest.
    static let scripts: [Substring: String] = Dictionary(uniqueKeysWithValues: [
        ("gallery.js", PackageResources.gallery_js), ("state.js", PackageResources.state_js),
        ("controls.js", PackageResources.controls_js), ("snippets.js", PackageResources.snippets_js),
        ("measure.js", PackageResources.measure_js), ("colour.js", PackageResources.colour_js),
        ("stage.js", PackageResources.stage_js), ("advice.js", PackageResources.advice_js),
        ("problems.js", PackageResources.problems_js), ("sizes.js", PackageResources.sizes_js),
        ("urls.js", PackageResources.urls_js), ("dom.js", PackageResources.dom_js),
        ("paths.js", PackageResources.paths_js), ("gradient.js", PackageResources.gradient_js),
        ("compare.js", PackageResources.compare_js), ("density.js", PackageResources.density_js),
        ("recolour.js", PackageResources.recolour_js), ("contrast.js", PackageResources.contrast_js),
        ("player.js", PackageResources.player_js), ("inline.js", PackageResources.inline_js),
    ].map { (Substring($0.0), String(decoding: $0.1, as: UTF8.self)) })

    /// The entry module.
    static let entry = "gallery.js"

    /// The Lottie player's script beside the modules (`player.js` imports it in Lottie
    /// mode): lottie-web, vendored in the GalleryPlayer module.
    static let lottiePlayer: Substring = "lottie-web.js"

    /// The Lottie player's script, unzipped from its vendored gzip once a process (nil
    /// only if the vendored bytes were damaged: the page then keeps its SVG preview).
    static let lottiePlayerScript: [UInt8]? = try? Inflate.decompress(LottieWebPlayer.gzipped)

    /// The style sheet, inline in the page (allowed by its hash).
    static let css = String(decoding: PackageResources.gallery_css, as: UTF8.self)

    /// The page's HTML: the formats' names and its style put in, and its scripts: every
    /// module preloaded (fetched at once, not one import after another) and the entry run
    /// (a module script runs once the page is parsed). The system colours come from the
    /// catalog, which the script reads.
    static let html: String = {
        let path = ServiceRoute.galleryScripts.paths[0]
        let preloads = scripts.keys.sorted().filter { $0 != entry }.map { "<link rel=\"modulepreload\" href=\"\(path)\($0)\">" }
        return String(decoding: PackageResources.gallery_html, as: UTF8.self)
            .replacing("{{formats}}", with: OutputFormat.listedForPeople)
            .replacing("{{style}}", with: css)
            .replacing("{{scripts}}", with: (preloads + ["<script type=\"module\" src=\"\(path)\(entry)\"></script>"]).joined(separator: "\n"))
    }()

    /// The page's own response fields: its policy, and no referrer sent from it.
    static let headers: [(HTTPFieldName, String)] = [(.contentSecurityPolicy, contentSecurityPolicy), (.referrerPolicy, "no-referrer")]

    /// The page's Content-Security-Policy: nothing but its own images, requests and
    /// scripts, and its inline style by hash.
    static let contentSecurityPolicy: String = {
        "default-src 'none'; img-src 'self'; connect-src 'self'; "
            + "style-src 'sha256-\(SHA256.base64Digest(css))'; "
            + "script-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}
