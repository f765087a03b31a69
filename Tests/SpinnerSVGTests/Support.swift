@testable import SpinnerSVG
import SpinnerModel

/// Internal pieces of the SVG engine that tests check directly.
enum SVGDocumentTestsSupport {
    static func polyline(_ easing: Easing) -> [(share: Double, progress: Double)] {
        CSSKeyframes.polyline(easing)
    }
}
