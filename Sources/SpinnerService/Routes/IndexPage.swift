import SpinnerModel

/// `GET /`: a page showing every kind live, from the service itself.
enum IndexPage {
    static func html() -> String {
        let items = SpinnerKind.allCases.map { kind in
            "<figure><img src=\"/spinner/\(kind.rawValue)\" alt=\"\(kind.rawValue) spinner\" width=\"80\" height=\"80\">"
                + "<figcaption><a href=\"/spinner/\(kind.rawValue)\">\(kind.rawValue)</a></figcaption></figure>"
        }.joined()
        return """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>spinnerd</title><style>body{font:16px system-ui,sans-serif;margin:2rem}main{display:flex;flex-wrap:wrap;gap:2rem}
        figure{margin:0;text-align:center}img{width:80px;height:80px;object-fit:contain}</style></head>
        <body><h1>spinnerd</h1><main>\(items)</main>
        <p><a href="/spinners">catalog</a> · <a href="/openapi.yaml">openapi.yaml</a></p></body></html>
        """
    }
}
