/// lottie-web, the bodymovin player of web pages, for the gallery's Lottie preview: the
/// same pinned build the tests play documents with (5.12.2, the full build, from the
/// dash-extensions 2.0.6 wheel on PyPI whose SHA-256 `tools/spinnerd_tools/lottie_web.py`
/// checks, unwrapped by that file into a plain script that sets `window.lottie`; MIT
/// licence, Copyright (c) 2015 Airbnb). Vendored gzipped
/// (`Sources/GalleryFiles/Vendor/lottie-web.js.gz`, made with `gzip -9 -n` from that script:
/// 76 KB, where the script is 305 KB). An integration test holds it to the script extracted
/// from the pinned wheel, byte for byte.
enum LottieWebPlayer {
    /// The lottie-web release vendored.
    static let version = "5.12.2"
    /// The script, gzipped (a gzip member).
    static var gzipped: [UInt8] { GalleryFile.lottieWebGzipped }
}
