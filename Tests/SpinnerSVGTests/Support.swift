import SpinnerModel

/// Internal pieces of the SVG engine that tests check directly.
enum SVGDocumentTestsSupport {
    /// The `linear()` polyline a spring is written as (the model cuts it: `Easing.polyline`).
    static func polyline(_ easing: Easing) -> [(share: Double, progress: Double)] {
        easing.polyline()
    }
}
