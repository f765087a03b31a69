/// The parameters every kind accepts, with the formats each one applies to.
enum SharedParameters {
    static let rasterFormats: Set<OutputFormat> = [.apng, .gif, .png, .webp]
    static let animatedFormats: Set<OutputFormat> = [.svg, .apng, .gif, .webp]

    static func definitions(naturalSize: Double) -> [ParameterDefinition] {
        [
            ParameterDefinition(.size, "Width and height of the image in CSS pixels; default is the seed's natural size.",
                                .integer(default: Int(naturalSize.rounded()), range: 8...1024)),
            ParameterDefinition(.scale, "Pixel density of raster output: pixels per CSS pixel (2 for Retina).",
                                .decimal(default: FixedPoint(1, places: 2),
                                         range: FixedPoint(1, places: 2)...FixedPoint(4, places: 2), unit: nil),
                                formats: rasterFormats),
            ParameterDefinition(.background, "Colour behind the spinner.",
                                .color(default: .fixed(.transparent), absent: "transparent")),
            ParameterDefinition(.fps, "Frames per second of smooth motion (stepped motion uses its own steps; GIF at most 50).",
                                .integer(default: 30, range: 1...60), formats: [.apng, .gif, .webp]),
            ParameterDefinition(.loops, "How many times the animation plays; 0 plays forever.",
                                .integer(default: 0, range: 0...1000), formats: animatedFormats),
            ParameterDefinition(.matte, "GIF only (GIF has 1-bit alpha): the page colour translucent pixels are blended "
                                + "into, so edges and faded parts are smooth on that page; fully clear pixels stay clear. "
                                + "Default: the theme's page colour (systemBackground: white, black when dark). "
                                + "none (or transparent) keeps partial opacity as an ordered (Bayer) dither of opaque "
                                + "and clear pixels, for pages of any colour.",
                                .color(default: .system(.systemBackground), absent: "the theme's page colour"), formats: [.gif]),
            ParameterDefinition(.theme, "Colours of the iOS light or dark appearance; auto follows the viewer's "
                                + "prefers-color-scheme (SVG; raster images draw auto as light).",
                                .choice(default: ThemeChoice.light.rawValue, options: ThemeChoice.allCases.map(\.rawValue))),
            ParameterDefinition(.title, "SVG only: the accessible name, written as the SVG's <title>; at most 120 bytes of UTF-8.",
                                .text(default: "Loading", maxLength: 120), formats: [.svg]),
            ParameterDefinition(.t, "Time of the still PNG frame, in seconds; taken modulo the loop.",
                                .decimal(default: FixedPoint(0, places: 3),
                                         range: FixedPoint(0, places: 3)...FixedPoint(3600, places: 3), unit: "s"),
                                formats: [.png]),
        ]
    }

    /// A `duration` parameter in seconds (3 places) with a kind's default and range.
    static func duration(_ summary: String, default value: Int, range: ClosedRange<Int>) -> ParameterDefinition {
        ParameterDefinition(.duration, summary,
                            .decimal(default: FixedPoint(units: value, places: 3),
                                     range: FixedPoint(units: range.lowerBound, places: 3)...FixedPoint(units: range.upperBound, places: 3),
                                     unit: "s"))
    }

    /// A length parameter in points (2 places) with a kind's default and range.
    static func points(_ name: ParameterName, _ summary: String, default value: Double,
                       range: ClosedRange<Double>) -> ParameterDefinition {
        func fixed(_ number: Double) -> FixedPoint { FixedPoint(units: Int((number * 100).rounded()), places: 2) }
        return ParameterDefinition(name, summary, .decimal(default: fixed(value), range: fixed(range.lowerBound)...fixed(range.upperBound), unit: "pt"))
    }
}
