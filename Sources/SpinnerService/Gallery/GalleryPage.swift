import SpinnerModel

/// `GET /`: the gallery and playground. One self-contained page — inline style and
/// script, no external assets — served under a strict Content-Security-Policy that
/// admits exactly its own style and script by their SHA-256 hashes.
enum GalleryPage {
    /// The page's HTML.
    static let html: String = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <title>spinnerd — loading spinners on demand</title>
    <link rel="icon" href="/spinner/activity.png?size=32">
    <style>\(GalleryStyle.css)</style>
    </head>
    <body>
    <header>
    <h1>spinnerd</h1>
    <p>Animated loading spinners as \(OutputFormat.listedForPeople). Pick one, tune it, copy the snippet.
    <a href="/spinners">Catalog</a> · <a href="/openapi.yaml">OpenAPI</a></p>
    </header>
    <main>
    <h2 id="gallery-title">Spinners</h2>
    <ul class="kinds" id="kinds" aria-labelledby="gallery-title"></ul>
    <section class="playground" aria-labelledby="playground-title">
    <div class="panel controls-panel">
    <h2 id="playground-title">Playground</h2>
    <p id="summary" class="meta"></p>
    <fieldset><legend>Format</legend><div class="seg" id="formats" role="radiogroup" aria-label="Format"></div></fieldset>
    <fieldset id="controls"><legend>Look and motion</legend></fieldset>
    <fieldset id="output-controls"><legend>Output</legend></fieldset>
    </div>
    <div class="side">
    <div class="panel preview-panel" id="preview-panel" aria-label="Preview">
    <div class="row"><span>Page:</span>
    <button type="button" class="toggle" data-page="light" aria-pressed="true">Light</button>
    <button type="button" class="toggle" data-page="dark" aria-pressed="false">Dark</button>
    <button type="button" class="action" id="matte-page" hidden>Blend GIF edges into this page's colour</button>
    <a class="action" id="download" href="/spinner/circular.svg" download="circular.svg">Download</a>
    <span class="meta">Size: <output id="size">…</output></span></div>
    <div class="stage" id="stage"><img id="preview" alt="spinner preview" width="60" height="60"></div>
    <p id="stage-note" class="meta" hidden>Dark page: the preview, the download and the snippets use <code>theme=dark</code>,
    the iOS dark colours (a GIF's edges blend into black).</p>
    <p id="preview-note" class="meta" hidden>This page has no Lottie player: the preview shows the same settings as SVG.
    The Lottie document draws the same shapes, colours and timing.</p>
    <p id="status" class="meta" role="status" aria-live="polite"></p>
    </div>
    <div class="panel use-panel">
    <h2>Sizes</h2>
    <p id="sizes" class="meta sizes" aria-label="Size in each format"></p>
    <p id="advice" class="meta"></p>
    <h2>Use it</h2>
    \(snippet("url", "URL"))
    \(snippet("html", "HTML"))
    \(snippet("markdown", "Markdown"))
    \(snippet("picture", "Picture (still image for reduced motion)"))
    \(snippet("ios", "lottie-ios (SwiftUI)"))
    \(snippet("android", "lottie-android (Compose)"))
    \(snippet("flutter", "Flutter (lottie)"))
    \(snippet("react-native", "React Native (lottie-react-native)"))
    \(snippet("web", "lottie-web"))
    \(snippet("dotlottie", "dotLottie players (ThorVG)"))
    </div>
    </div>
    </section>
    </main>
    <script>\(GalleryScript.javascript)</script>
    </body>
    </html>
    """

    /// The page's Content-Security-Policy: nothing but its own images and requests, and
    /// its inline style and script by hash.
    static let contentSecurityPolicy: String = {
        "default-src 'none'; img-src 'self'; connect-src 'self'; "
            + "style-src 'sha256-\(SHA256.base64Digest(GalleryStyle.css))'; "
            + "script-src 'sha256-\(SHA256.base64Digest(GalleryScript.javascript))'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()

    /// Lines shown of the snippets longer than two.
    private static let snippetRows = ["picture": 5, "ios": 4, "android": 5, "web": 5]

    private static func snippet(_ name: String, _ label: String) -> String {
        """
        <div class="snippet" id="use-\(name)"><label class="visually-hidden" for="snippet-\(name)">\(label)</label>\
        <textarea id="snippet-\(name)" readonly rows="\(snippetRows[name] ?? 2)"></textarea>\
        <button type="button" class="copy" data-target="snippet-\(name)" data-label="\(label)">Copy \(label.split(separator: " ").first ?? "")</button></div>
        """
    }
}
