import SpinnerModel

/// A Lottie document the tests write and play: a kind and its query. `all` is the set the
/// document-form test (SpinnerLottieTests) and the players (IntegrationTests) both go
/// through.
public struct LottieCase: Sendable {
    public let label: String
    public let kind: SpinnerKind
    public let query: [(name: String, value: String)]

    public init(label: String, kind: SpinnerKind, query: [(name: String, value: String)]) {
        self.label = label
        self.kind = kind
        self.query = query
    }

    /// Every kind × style × theme; every kind on a background; and variations of count,
    /// stroke, colours, duration and size.
    public static var all: [LottieCase] {
        let themes = ["light", "dark", "auto"]
        var cases: [LottieCase] = []
        for kind in SpinnerKind.allCases {
            for theme in themes { cases.append(LottieCase(label: "\(kind.rawValue) theme=\(theme)", kind: kind, query: [("theme", theme)])) }
        }
        for style in CircularStyle.allCases where style != .hierarchy {
            for theme in themes {
                cases.append(LottieCase(label: "circular style=\(style.rawValue) theme=\(theme)", kind: .circular,
                                        query: [("style", style.rawValue), ("theme", theme)]))
            }
        }
        // A background is the case lottie-web once drew nothing for (a group without its transform).
        for kind in SpinnerKind.allCases {
            cases.append(LottieCase(label: "\(kind.rawValue) background=f2f2f7", kind: kind, query: [("background", "f2f2f7")]))
        }
        let variations: [(SpinnerKind, [(String, String)])] = [
            (.circular, [("stroke", "15"), ("duration", "1"), ("style", "accent")]),
            (.circular, [("track", "ffcc00"), ("color", "007aff"), ("background", "f2f2f7"), ("size", "90"), ("duration", "2.345")]),
            (.circular, [("style", "nineties"), ("background", "1c1c1e80"), ("theme", "dark")]),
            // The CircularSpinner README's own example: any colours, an inner shadow on each layer.
            (.circular, [("stroke", "15"), ("duration", "1"), ("color", "red"), ("track", "white"), ("shadow", "3"), ("trackshadow", "3")]),
            (.circular, [("style", "nineties"), ("shadow", "2")]),
            (.circular, [("style", "bubbledForeground"), ("shadow", "0"), ("trackshadow", "4.5")]),
            (.activity, [("count", "8"), ("stroke", "4"), ("color", "ff3b30"), ("duration", "0.8"), ("size", "64")]),
            (.activity, [("count", "24"), ("theme", "dark"), ("background", "000000"), ("duration", "3")]),
            (.dots, [("count", "5"), ("duration", "2.25"), ("size", "120"), ("color", "34c759")]),
            (.dots, [("count", "16"), ("stroke", "6"), ("duration", "0.7")]),
            (.arc, [("color", "ff9500"), ("track", "5856d6"), ("stroke", "12"), ("size", "100")]),
            (.arc, [("stroke", "3"), ("duration", "1.7"), ("size", "120")]),
            (.capsules, [("count", "9"), ("stroke", "8"), ("duration", "1.234"), ("size", "120")]),
            (.capsules, [("count", "30"), ("color", "af52de"), ("duration", "4"), ("background", "ffffff")]),
            // Gradients on either layer and behind (issue 48): a conic puck is its turn of
            // pieces through a matte of its stroke; repeated elements take their colour.
            (.circular, [("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)"), ("track", "linear-gradient(90deg,#eee,#999)")]),
            (.circular, [("color", "linear-gradient(to right,red,blue)"), ("track", "radial-gradient(circle closest-side,white 70%,gray)"),
                         ("shadow", "3")]),
            (.circular, [("track", "conic-gradient(from 90deg,systemBlue,systemPink,systemBlue)"), ("theme", "dark"),
                         ("background", "radial-gradient(#333,black)")]),
            (.dots, [("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)")]),
            (.activity, [("color", "linear-gradient(to bottom,systemRed,systemBlue)"), ("size", "56")]),
            (.capsules, [("color", "radial-gradient(at 50% 100%,orange,purple)"), ("peak", "0.8"), ("size", "120")]),
            (.arc, [("color", "conic-gradient(from 90deg,orange,purple)"), ("size", "100"), ("background", "linear-gradient(white,#ddd)")]),
            // Drop shadows on either layer: nested strokes beneath it, as inner shadows are.
            (.circular, [("dropshadow", "4"), ("trackdropshadow", "3,0,3,systemBlue"), ("size", "90")]),
            (.circular, [("dropshadow", "4,0,2"), ("color", "conic-gradient(red,orange,yellow)")]),
            // direction=reverse: the top layer mirrored (a negative horizontal scale), for a
            // shape layer (circular), precompositions of rings (activity, capsules), a matted
            // conic puck, and dots and arc.
            (.circular, [("direction", "reverse"), ("stroke", "15")]),
            (.circular, [("direction", "reverse"), ("color", "conic-gradient(red,yellow,lime,aqua,blue,magenta,red)")]),
            (.activity, [("direction", "reverse"), ("size", "56")]),
            (.capsules, [("direction", "reverse"), ("color", "linear-gradient(to right,red,blue)"), ("peak", "1"), ("size", "120")]),
            (.dots, [("direction", "reverse")]),
            (.arc, [("direction", "reverse"), ("size", "100")]),
        ]
        for (kind, query) in variations {
            cases.append(LottieCase(label: kind.rawValue + " " + query.map { "\($0.0)=\($0.1)" }.joined(separator: " "), kind: kind,
                                    query: query.map { (name: $0.0, value: $0.1) }))
        }
        return cases
    }
}
