/// The parameters every kind accepts, decoded: the property initial values are the
/// defaults (`size`'s is the kind's natural size), and each binding says which formats
/// its parameter applies to. A property whose parameter does not apply to the request's
/// format keeps its default and is not read.
public struct SharedOptions: Hashable, Sendable {
    /// Width and height of the image in CSS pixels. Default: the kind's natural size.
    public var size: Int
    /// Pixel density of raster output (pixels per CSS pixel, two places). Default 1.
    public var scale = FixedPoint(1, places: 2)
    /// Colour or gradient (linear or radial) behind the spinner. Default transparent.
    public var background: PaintValue = .color(.fixed(.transparent))
    /// Frames per second of smooth motion (APNG, GIF, WebP). Default 30.
    public var fps = 30
    /// APNG, GIF and WebP: every motion takes this many times as long (the same pictures,
    /// each shown this many times as long; frames drawn at `fps` of the slowed loop).
    /// Default 1.
    public var slowdown = 1
    /// How many times an animation plays; 0 plays forever. Default 0.
    public var loops = 0
    /// GIF only: the page colour translucent pixels are blended into. Default the theme's
    /// page colour (`systemBackground`).
    public var matte: ColorValue = .system(.systemBackground)
    /// Raster files only: 100 keeps every pixel exactly (lossless, the default); 1–99 trade
    /// exactness for bytes: the frames' colours mapped to one palette chosen for all of them
    /// (`PaletteQuantizer`), a WebP's also coded by libwebp's lossy coder at thorough
    /// effort, the smaller kept.
    public var quality = 100

    /// `quality` when it asks for a lossy file (1–99); nil for lossless (100).
    public var lossyQuality: Int? { quality < 100 ? quality : nil }
    /// Light or dark system colours, or `auto` (SVG follows the viewer). Default light.
    public var theme: ThemeChoice = .light
    /// Which way the motion goes: the seed's, or its mirror image (the whole picture
    /// mirrored left to right, so every turn goes the other way). Default forward.
    public var direction: MotionDirection = .forward
    /// SVG only: the accessible name. Default "Loading".
    public var title = "Loading"
    /// PNG only: the time of the still frame, taken modulo the loop. Default 0.
    public var t = Milliseconds(0)
    /// A version of the user's own (`v`), for cache busting: part of the URL's cache key
    /// and ETag, not of the image. Default none (empty).
    public var version = ""
    /// The longest `v`, in characters (32).
    public static let versionMaxLength = 32

    /// Every default, for a kind drawn at `size` CSS pixels.
    public init(size: Int) {
        self.size = size
    }

    static let rasterFormats: Set<OutputFormat> = [.apng, .gif, .png, .webp]
    static let animatedFormats: Set<OutputFormat> = [.svg, .apng, .gif, .webp]

    /// The shared parameters of a kind whose natural size is `naturalSize` points.
    static func bindings(naturalSize: Double) -> [OptionBinding<SharedOptions>] {
        let defaults = SharedOptions(size: Int(naturalSize.rounded()))
        return [
            .integer(\.size, .size, "Width and height of the image in CSS pixels; default is the original's natural size.",
                     range: 8...1024, defaults: defaults),
            .decimal(\.scale, .scale, "Pixel density of raster output: pixels per CSS pixel (2 for Retina).",
                     range: FixedPoint(1, places: 2)...FixedPoint(4, places: 2), defaults: defaults, formats: rasterFormats),
            .paint(\.background, .background, "Colour behind the spinner, or a linear or radial gradient laid on the whole box.",
                   defaults: defaults, conic: false),
            .integer(\.fps, .fps, "Frames per second of smooth motion (stepped motion uses its own steps; GIF at most 50).",
                     range: 1...60, defaults: defaults, formats: [.apng, .gif, .webp]),
            .integer(\.slowdown, .slowdown, "APNG, GIF and WebP: every motion takes this many times as long, the pictures "
                     + "the same (4: a quarter of the speed, the gallery's <picture> source where the OS asks for less motion; "
                     + "an SVG slows itself there, and Lottie players take a speed).", range: 1...8, defaults: defaults,
                     formats: [.apng, .gif, .webp]).keyedUnless(.integer(1)),
            .integer(\.loops, .loops, "How many times the animation plays; 0 plays forever.", range: 0...1000, defaults: defaults,
                     formats: animatedFormats),
            .color(\.matte, .matte, "GIF only (GIF has 1-bit alpha): the page colour translucent pixels are blended "
                   + "into, so edges and faded parts are smooth on that page; fully clear pixels stay clear. "
                   + "Default: the theme's page colour (systemBackground: white, black when dark). "
                   + "none (or transparent) keeps partial opacity as an ordered (Bayer) dither of opaque "
                   + "and clear pixels, for pages of any colour.", defaults: defaults, formats: [.gif]),
            .integer(\.quality, .quality, "Raster files: 100 (the default) keeps every pixel; 1–99 trade exactness for "
                     + "bytes: the frames' colours mapped to one palette chosen for all of them (libimagequant, pngquant's "
                     + "library; a WebP also tries libwebp's lossy coding and keeps the smaller), never larger than at 100. At 80 "
                     + "the kinds' default files shrink by 9 % to 58 % (measured: LossyNeverLargerTests), with differences "
                     + "few eyes see.", range: 1...100, defaults: defaults,
                     formats: rasterFormats).keyedUnless(.integer(100)),
            .choice(\.theme, .theme, "Colours of the iOS light or dark appearance; auto follows the viewer's "
                    + "prefers-color-scheme (SVG; raster images and Lottie draw auto as light; a dotLottie file holds both as "
                    + "themes).", defaults: defaults),
            .choice(\.direction, .direction, "forward: the original's motion; reverse: its mirror image, every turn the "
                    + "other way (the whole picture is mirrored left to right, its gradients and shadows with it).",
                    defaults: defaults).keyedUnless(.choice(MotionDirection.forward.rawValue)),
            .text(\.title, .title, "SVG only: the accessible name, written as the SVG's <title>; at most 120 bytes of UTF-8.",
                  maxLength: 120, defaults: defaults, formats: [.svg]),
            .seconds(\.t, .t, "Time of the still PNG frame, in seconds; taken modulo the loop.", range: 0...3_600_000,
                     defaults: defaults, formats: [.png]),
            .token(\.version, .v, "A version of your own, for cache busting: 1–\(versionMaxLength) letters, digits, '.', '_', "
                   + "'~' or '-' (v=2, v=2026-12-05). A new value is a new URL, cache key and ETag for the same image, so "
                   + "caches that keep an answer for a year fetch it again.", maxLength: versionMaxLength),
        ]
    }
}

/// The `direction` parameter: the seed's motion, or its mirror image.
public enum MotionDirection: String, CaseIterable, Sendable {
    /// The original's motion. The default.
    case forward
    /// The mirror image of the original's motion: every turn goes the other way.
    case reverse
}
