// swift-tools-version:6.0
// spinnerd: animated loading spinners rendered on demand as SVG, APNG, GIF, WebP and PNG.
//
// Layering (arrows point down only):
//   spinnerd (executable) → SpinnerService → HTTPServer, SpinnerRendering → SpinnerRaster, SpinnerSVG, SpinnerLottie, ImageCodecs → SpinnerModel
//   ExactTime (the one fraction type) below both SpinnerModel and ImageCodecs
//   TextEncoding (JSON's escapes) below HTTPServer, SpinnerLottie and SpinnerService
//   Concurrency (the lock ThreadSanitizer sees, grace periods, lent references, threads and their priority, the monotonic
//     clock, a thread's CPU time and sleep, the heap's trim) below HTTPServer, ImageCodecs and SpinnerService; the render
//     queue (SpinnerService/Rendering) reaches the platform through it and Dispatch's semaphores and timers only, and
//     imports no transport (the service makes a request's client into a RenderClient, in SpinnerService/HTTP)
//   Compression (deflate, CRC-32) below ImageCodecs and SpinnerService
//   C shims at the edge: CCairo (only SpinnerRaster imports it), CZlib, CLibdeflate, CZopfli (only Compression), CGif, CWebP,
//     CImageQuant (only ImageCodecs), CNettle (only SpinnerService's URL signing), CLinux (Concurrency, HTTPServer and the
//     executable: the system calls Glibc's module leaves out)
//   GalleryFiles (C: the gallery's front end and lottie-web, embedded) below SpinnerService.
import PackageDescription

/// The tests' own code (test targets and their support) is compiled unoptimised, also in a
/// release build: what they test is optimised, and optimising some 12 000 lines of checks
/// cost `make test`'s three builds more time than the checks gain from it.
let testCode: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
    name: "spinnerd",
    products: [
        .executable(name: "spinnerd", targets: ["spinnerd"]),
    ],
    targets: [
        // C libraries from Debian, reached through a modulemap and a shim header each.
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CLibdeflate", path: "Sources/CLibdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(
            name: "CZopfli", path: "Sources/CZopfli",
            providers: [.apt(["libzopfli-dev"])]),
        .systemLibrary(
            name: "CGif", path: "Sources/CGif",
            providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"])]),

        // HTTP/1.1 on epoll: wire parser/serializer, sockets, connection state. Knows nothing of spinners.
        // Its loop state is confined to one thread by type (the reactor is not Sendable);
        // every build keeps Swift's exclusivity checks.
        .target(name: "HTTPServer", dependencies: ["CLinux", "Concurrency", "TextEncoding"]),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(
            name: "CNettle", path: "Sources/CNettle",
            providers: [.apt(["nettle-dev"])]),
        // Exact time: the one fraction type, for model times and frame durations alike.
        .target(name: "ExactTime"),
        // Text as other formats read it: JSON's escapes, for the Lottie writer, the YAML and the logs.
        .target(name: "TextEncoding"),
        // Sharing between threads, and its rules as types: the lock (Synchronization's Mutex, its
        // turns told to ThreadSanitizer in a TSan build), grace periods and the retirements that
        // wait for them, lent (uncounted) and retained references, detached threads.
        .target(name: "Concurrency", dependencies: ["CLinux"]),
        // Kinds, shapes, keyframes, easing, parameters: pure, no I/O.
        .target(name: "SpinnerModel", dependencies: ["ExactTime"]),
        // Deflate by zlib, libdeflate and zopfli, and CRC-32: what PNG data, gzip answers and the
        // dotLottie zip share.
        .target(name: "Compression", dependencies: ["Concurrency", "CZlib", "CLibdeflate", "CZopfli"]),
        // Frames + delays → APNG / GIF / PNG / WebP bytes. Knows nothing of spinners.
        .target(name: "ImageCodecs", dependencies: ["ExactTime", "Concurrency", "Compression", "CGif", "CWebP", "CImageQuant"]),
        // Scene at time t → RGBA pixels. The only importer of Cairo.
        .target(name: "SpinnerRaster", dependencies: ["SpinnerModel", "ImageCodecs", "ExactTime", "Concurrency", "CCairo"]),
        // Scene → animated SVG text (CSS keyframes). The second engine over the same model.
        .target(name: "SpinnerSVG", dependencies: ["SpinnerModel", "ExactTime"]),
        // Scene → Lottie JSON (shape layer, keyframes, slots), and the dotLottie archive around it
        // (themes). The third engine over the same model.
        .target(name: "SpinnerLottie", dependencies: ["SpinnerModel", "ExactTime", "TextEncoding", "Compression"]),
        // A validated request → encoded image bytes: frame plan, rasterise, encode.
        .target(name: "SpinnerRendering", dependencies: ["SpinnerModel", "SpinnerRaster", "SpinnerSVG", "SpinnerLottie", "ImageCodecs", "ExactTime"]),
        // The gallery's files, embedded as they are: its front end (Front/: HTML, CSS, script
        // modules) and lottie-web, vendored gzipped, for its Lottie preview. C23's #embed,
        // not SwiftPM's `.embedInCode` (GalleryFiles.c says why).
        // Its objects carry DWARF 4, not clang's default 5: Debian 12's valgrind reads no
        // binary with a DWARF 5 unit in it ("possibly corrupted debuginfo"), and callgrind
        // counts the cached answers' instructions (scripts/bench-instructions.sh).
        .target(name: "GalleryFiles", exclude: ["Front", "Vendor"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Routes, query → model, LRU cache, single-flight render pool, metrics, catalog, OpenAPI.
        // The gallery's front end is written in GalleryFiles/Front/ and served as it is.
        .target(name: "SpinnerService", dependencies: ["HTTPServer", "Concurrency", "Compression", "GalleryFiles", "SpinnerRendering", "SpinnerLottie", "SpinnerModel", "ImageCodecs", "CNettle", "TextEncoding"]),
        .executableTarget(name: "spinnerd", dependencies: ["SpinnerService", "HTTPServer", "Concurrency", "SpinnerRendering", "SpinnerModel", "ImageCodecs", "CLinux", "TextEncoding"]),

        // Fuzz targets (make fuzz builds them with libFuzzer; the ordinary build replays
        // the corpus). libwebp's animation decoder checks the WebP encoder's output.
        .systemLibrary(name: "CWebPDemux", path: "Fuzz/CWebPDemux", pkgConfig: "libwebpdemux",
                       providers: [.apt(["libwebp-dev"])]),
        .executableTarget(name: "spinnerd-fuzz",
                          dependencies: ["HTTPServer", "SpinnerModel", "SpinnerRendering", "SpinnerService", "ImageCodecs",
                                         "ExactTime", "Concurrency", "CZlib", "CGif", "CWebPDemux"],
                          path: "Fuzz/Targets"),

        // Tests in two rooms. Unit targets mirror the code targets and need only the toolchain
        // and the C libraries (`make check`); IntegrationTests drives what nobody here wrote —
        // decoders, validators, headless Chromium, the Lottie players, Python — and the built
        // `spinnerd` (`make test` runs both rooms).
        // UnitSupport: what unit tests share, toolchain only (clocks, trackers, fixtures, a raw
        // socket client, the repository's paths). IntegrationSupport: external tools, decoders,
        // browsers and the built binary, for IntegrationTests alone.
        .target(name: "UnitSupport", dependencies: ["Concurrency", "Compression", "HTTPServer", "ImageCodecs", "SpinnerModel"], path: "Tests/UnitSupport", swiftSettings: testCode),
        .target(name: "IntegrationSupport", dependencies: ["UnitSupport", "Concurrency", "ImageCodecs"], path: "Tests/IntegrationSupport", swiftSettings: testCode),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Concurrency", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "ExactTimeTests", dependencies: ["ExactTime"], swiftSettings: testCode),
        .testTarget(name: "TextEncodingTests", dependencies: ["TextEncoding"], swiftSettings: testCode),
        .testTarget(name: "CompressionTests", dependencies: ["Compression", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerModelTests", dependencies: ["SpinnerModel", "ExactTime"], swiftSettings: testCode),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Concurrency", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Concurrency", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerRasterTests", dependencies: ["SpinnerRaster", "SpinnerModel", "ImageCodecs", "ExactTime", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerSVGTests", dependencies: ["SpinnerSVG", "SpinnerModel", "SpinnerRendering", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerLottieTests", dependencies: ["SpinnerLottie", "SpinnerModel", "SpinnerRendering", "ExactTime", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerRenderingTests", dependencies: ["SpinnerRendering", "SpinnerModel", "ImageCodecs", "ExactTime", "UnitSupport"], swiftSettings: testCode),
        .testTarget(name: "SpinnerServiceTests", dependencies: ["SpinnerService", "Compression", "HTTPServer", "Concurrency", "SpinnerModel", "SpinnerRendering", "ImageCodecs", "UnitSupport"], swiftSettings: testCode),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SpinnerService", "SpinnerRendering", "SpinnerRaster", "SpinnerSVG", "SpinnerLottie", "ImageCodecs",
                           "SpinnerModel", "HTTPServer", "ExactTime", "Concurrency", "UnitSupport", "IntegrationSupport"],
            exclude: ["SpinnerRaster/References", "SpinnerRendering/Fixtures"], swiftSettings: testCode),
    ]
)
