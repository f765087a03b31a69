/// lottie-web, the bodymovin player of web pages, for the gallery's Lottie preview: the
/// same pinned build the tests play documents with (5.12.2, the full build, from the
/// dash-extensions 2.0.6 wheel on PyPI whose SHA-256 `tools/spinnerd_tools/lottie_web.py`
/// checks, unwrapped by that file into a plain script that sets `window.lottie`; MIT
/// licence, Copyright (c) 2015 Airbnb). Vendored gzipped (`Vendor/lottie-web.js.gz`, made
/// with `gzip -9 -n` from that script: 76 KB, where the script is 305 KB), in a module of its
/// own so that embedding it costs one compile, not one a change to the service. An
/// integration test holds it to the script extracted from the pinned wheel, byte for byte.
public enum LottieWebPlayer {
    /// The lottie-web release vendored.
    public static let version = "5.12.2"
    /// The script, gzipped (a gzip member).
    public static var gzipped: [UInt8] { PackageResources.lottie_web_js_gz }
}
