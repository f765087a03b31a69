import Compression
import SpinnerModel
import HTTPServer

/// `GET /`: the gallery and playground. One page with its style inline and its script as
/// ES modules served beside it (`/gallery/NAME.js`), under a strict
/// Content-Security-Policy: nothing from elsewhere, its own style by hash, scripts only
/// from this service. Its front end is written as files in `Sources/GalleryFiles/Front/`
/// (gallery.html, gallery.css and one module per job, gallery.js their entry), which the
/// binary holds as they are (`GalleryFile`).
enum GalleryPage {
    /// The script modules by file name, as written in Front/ (a test holds this list to
    /// the folder). `gallery.js` is the entry, which imports the rest.
    static let scripts: [Substring: String] = GalleryFile.front.filter { $0.key.hasSuffix(".js") }
        .mapValues { String(decoding: $0, as: UTF8.self) }

    /// The entry module.
    static let entry = "gallery.js"

    /// The Lottie player's script beside the modules (`player.js` imports it in Lottie
    /// mode): lottie-web, vendored (`LottieWebPlayer`).
    static let lottiePlayer: Substring = "lottie-web.js"

    /// The Lottie player's script, unzipped from its vendored gzip once a process (nil
    /// only if the vendored bytes were damaged: the page then keeps its SVG preview).
    static let lottiePlayerScript: [UInt8]? = try? Inflate.decompress(LottieWebPlayer.gzipped)

    /// The style sheet, inline in the page (allowed by its hash).
    static let css = String(decoding: GalleryFile.front["gallery.css"] ?? [], as: UTF8.self)

    /// The page's HTML: the formats' names and its style put in, and its scripts: every
    /// module preloaded (fetched at once, not one import after another) and the entry run
    /// (a module script runs once the page is parsed). The system colours come from the
    /// catalog, which the script reads.
    static let html: String = {
        let path = ServiceRoute.galleryScripts.paths[0]
        let preloads = scripts.keys.sorted().filter { $0 != entry }.map { "<link rel=\"modulepreload\" href=\"\(path)\($0)\">" }
        return String(decoding: GalleryFile.front["gallery.html"] ?? [], as: UTF8.self)
            .replacing("{{formats}}", with: OutputFormat.listedForPeople)
            .replacing("{{style}}", with: css)
            .replacing("{{scripts}}", with: (preloads + ["<script type=\"module\" src=\"\(path)\(entry)\"></script>"]).joined(separator: "\n"))
    }()

    /// The page's own response fields: its policy, and no referrer sent from it.
    static let headers: [(HTTPFieldName, String)] = [(.contentSecurityPolicy, contentSecurityPolicy), (.referrerPolicy, "no-referrer")]

    /// The page's Content-Security-Policy: nothing but its own images, requests and
    /// scripts, and its inline style by hash. `blob:` images are its own too: copies of
    /// its own files that "Compare quality" shows in step (compare.js).
    static let contentSecurityPolicy: String = {
        "default-src 'none'; img-src 'self' blob:; connect-src 'self'; "
            + "style-src 'sha256-\(SHA256.base64Digest(css))'; "
            + "script-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}
