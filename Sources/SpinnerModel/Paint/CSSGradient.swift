/// CSS Images' gradient functions as people write them in stylesheets, read from a URL
/// value: `linear-gradient([<angle> | to <side or corner>,] <stops>)`,
/// `radial-gradient([circle | ellipse] [<extent> | <x>% <y>%] [at <position>], <stops>)`
/// and `conic-gradient([from <angle>] [at <position>], <stops>)`, each stop a colour as
/// `ColorValue` reads it with zero, one or two positions (`%`; angles too for conic).
/// Colour-stop fix-up follows CSS Images 3 §3.4.3.
///
/// Refused rather than guessed: lengths in `px` (a box drawn at any `size` has no fixed
/// pixels: give `%` or an extent keyword), colour hints (a position between two stops),
/// `repeating-*` gradients, more than `GradientValue.maximumStops` stops, more than
/// `GradientValue.maximumLength` bytes, and anything malformed; each with the reason
/// (`GradientError`). Hand-written: no library here reads CSS.
public enum CSSGradient {
    /// The function names, as the catalog lists them.
    public static let functionNames = ["linear-gradient", "radial-gradient", "conic-gradient"]

    /// Whether `text` is written as a gradient function (so its errors are a gradient's).
    public static func looksLikeGradient(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return false }
        return text[..<open].lowercased().hasSuffix("gradient")
    }

    /// The gradient `text` writes, or why it is not one.
    public static func parse(_ text: String) throws(GradientError) -> GradientValue {
        guard text.utf8.count <= GradientValue.maximumLength else { throw .tooLong }
        guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else { throw .notPrintable }
        let lowered = text.lowercased()
        guard let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")") else { throw .unclosed }
        // The name as written, touching its parenthesis (CSS allows no space there).
        let name = String(lowered[..<open])
        let inner = String(lowered[lowered.index(after: open) ..< lowered.index(before: lowered.endIndex)])
        guard let parts = topLevel(inner, separator: ",") else { throw .unclosed }
        switch name {
        case "linear-gradient": return try linear(parts)
        case "radial-gradient": return try radial(parts)
        case "conic-gradient": return try conic(parts)
        case "repeating-linear-gradient", "repeating-radial-gradient", "repeating-conic-gradient": throw .repeating
        default: throw .unknownFunction(name, suggestion: Suggestion.closest(to: name, in: functionNames))
        }
    }

    // MARK: The three functions

    private static func linear(_ parts: [String]) throws(GradientError) -> GradientValue {
        var direction = 18_000, stopParts = parts[...]
        if let first = parts.first {
            if first.hasPrefix("to ") || first == "to" {
                direction = try side(first)
                stopParts = parts.dropFirst()
            } else if let degrees = angle(first) {
                direction = degrees
                stopParts = parts.dropFirst()
            }
        }
        return GradientValue(geometry: .linear(direction: direction), stops: try stops(stopParts, angular: false))
    }

    private static func radial(_ parts: [String]) throws(GradientError) -> GradientValue {
        var stopParts = parts[...]
        var words: [String] = []
        if let first = parts.first, isRadialPrelude(first) {
            words = first.split(separator: " ").map(String.init)
            stopParts = parts.dropFirst()
        }
        var center = GradientPoint.center
        if let at = words.firstIndex(of: "at") {
            center = try position(Array(words[(at + 1)...]))
            words = Array(words[..<at])
        }
        var shape: String? = nil
        if let index = words.firstIndex(where: { $0 == "circle" || $0 == "ellipse" }) {
            shape = words.remove(at: index)
        }
        let (radiusX, radiusY): (Int, Int)
        switch words.count {
        case 0:
            (radiusX, radiusY) = farthestCorner(center)
        case 1:
            guard let radii = extent(words[0], circle: shape == "circle", center: center) else {
                if words[0].hasSuffix("px") || Double(words[0]) != nil { throw .pixels(words[0]) }
                throw .malformed(words[0], expected: "closest-side, closest-corner, farthest-side or farthest-corner")
            }
            (radiusX, radiusY) = radii
        case 2:
            guard shape != "circle" else { throw .malformed(words.joined(separator: " "), expected: "a circle's size as an extent keyword") }
            guard let x = percentage(words[0]), let y = percentage(words[1]), x >= 0, y >= 0 else {
                if words.contains(where: { $0.hasSuffix("px") }) { throw .pixels(words.joined(separator: " ")) }
                throw .malformed(words.joined(separator: " "), expected: "an ellipse's two radii in %")
            }
            (radiusX, radiusY) = (max(1, x), max(1, y))
        default:
            throw .malformed(words.joined(separator: " "), expected: "[circle | ellipse] [extent | <x>% <y>%] [at <position>]")
        }
        return GradientValue(geometry: .radial(radiusX: radiusX, radiusY: radiusY, center: center),
                             stops: try stops(stopParts, angular: false))
    }

    private static func conic(_ parts: [String]) throws(GradientError) -> GradientValue {
        var stopParts = parts[...], from = 0, center = GradientPoint.center
        if let first = parts.first, first.hasPrefix("from ") || first.hasPrefix("at ") || first == "from" || first == "at" {
            var words = first.split(separator: " ").map(String.init)
            if let at = words.firstIndex(of: "at") {
                center = try position(Array(words[(at + 1)...]))
                words = Array(words[..<at])
            }
            if !words.isEmpty {
                guard words.count == 2, words[0] == "from", let degrees = angle(words[1]) else {
                    throw .malformed(words.joined(separator: " "), expected: "from <angle>")
                }
                from = degrees
            }
            stopParts = parts.dropFirst()
        }
        return GradientValue(geometry: .conic(from: from, center: center), stops: try stops(stopParts, angular: true))
    }

    // MARK: Stops

    /// The stops, placed by CSS's fix-up: the first at 0 %, the last at 100 %, none before
    /// one ahead of it, runs without positions spread evenly between their neighbours.
    private static func stops(_ parts: ArraySlice<String>, angular: Bool) throws(GradientError) -> [GradientValue.Stop] {
        var written: [(color: ColorValue, position: Int?)] = []
        for part in parts {
            guard let words = topLevel(part, separator: " "), let first = words.first else { throw .malformed(part, expected: "a colour stop") }
            if words.count == 1, place(first, angular: angular) != nil { throw .hint(part) }
            if looksLikeGradient(first) { throw .nested }
            guard let color = ColorValue(parsing: first) else {
                if ["deg", "grad", "rad", "turn"].contains(where: first.hasSuffix) {
                    throw .malformed(first, expected: "an angle: a number of at most 1e6 in deg, grad, rad or turn")
                }
                throw .color(first, suggestion: Suggestion.closest(to: first, in: ColorValue.acceptedNames))
            }
            guard words.count <= 3 else { throw .malformed(part, expected: "a colour and at most two positions") }
            var positions: [Int] = []
            for word in words.dropFirst() {
                guard let position = place(word, angular: angular) else {
                    if word.hasSuffix("px") { throw .pixels(word) }
                    throw .malformed(word, expected: angular ? "a position in % or an angle" : "a position in %")
                }
                positions.append(position)
            }
            if positions.isEmpty { written.append((color, nil)) }
            for position in positions { written.append((color, position)) }
            guard written.count <= GradientValue.maximumStops else { throw .tooManyStops }
        }
        guard written.count >= 2 else { throw .tooFewStops }
        // Fix-up (CSS Images 3 §3.4.3).
        var positions = written.map(\.position)
        if positions[0] == nil { positions[0] = 0 }
        if positions[positions.count - 1] == nil { positions[positions.count - 1] = 10_000 }
        var largest = Int.min
        for index in positions.indices {
            if let position = positions[index] {
                largest = max(largest, position)
                positions[index] = largest
            }
        }
        var index = 0
        while index < positions.count {
            guard positions[index] == nil, let before = positions[index - 1] else { index += 1; continue }
            var end = index
            while positions[end] == nil { end += 1 }
            let after = positions[end] ?? before
            for gap in index ..< end {
                positions[gap] = before + Int((Double(after - before) * Double(gap - index + 1) / Double(end - index + 1)).rounded())
            }
            index = end
        }
        return zip(written, positions).map { GradientValue.Stop(color: $0.color, position: $1 ?? 0) }
    }

    /// A stop's position in hundredths of a percent: `N%`, `0`, or for conic an angle; at
    /// most ±1 000 %, so that the canonical text (in %) reads back.
    private static func place(_ word: String, angular: Bool) -> Int? {
        if word == "0" { return 0 }
        if let percent = percentage(word) { return percent }
        // An angle is a share of the turn, bounded as a percentage is (±1 000 %: ±3 600deg).
        guard angular, let hundredths = rawAngle(word) else { return nil }
        let percent = Int((Double(hundredths) / 3.6).rounded())
        return abs(percent) <= 100_000 ? percent : nil
    }

    // MARK: Geometry words

    /// `to <side>` or `to <corner>` in a square box, in hundredths of a degree.
    private static func side(_ text: String) throws(GradientError) -> Int {
        let words = Set(text.split(separator: " ").dropFirst().map(String.init))
        let table: [Set<String>: Int] = [
            ["top"]: 0, ["right"]: 9_000, ["bottom"]: 18_000, ["left"]: 27_000,
            ["top", "right"]: 4_500, ["bottom", "right"]: 13_500, ["bottom", "left"]: 22_500, ["top", "left"]: 31_500,
        ]
        guard text.split(separator: " ").count == words.count + 1, let degrees = table[words] else {
            throw .malformed(text, expected: "to top, right, bottom, left or a corner (to top right)")
        }
        return degrees
    }

    /// `at`'s words: one or two of keywords and percentages (`center`, `left top`, `30% 70%`).
    private static func position(_ words: [String]) throws(GradientError) -> GradientPoint {
        func fail() -> GradientError { .malformed("at " + words.joined(separator: " "), expected: "at a position such as center, left top or 30% 70%") }
        guard (1...2).contains(words.count) else { throw fail() }
        let horizontal = ["left": 0, "center": 5_000, "right": 10_000], vertical = ["top": 0, "center": 5_000, "bottom": 10_000]
        if words.count == 1 {
            let word = words[0]
            if let x = horizontal[word] ?? percentage(word) { return GradientPoint(x: x, y: 5_000) }
            if let y = vertical[word] { return GradientPoint(x: 5_000, y: y) }
            if word.hasSuffix("px") { throw .pixels(word) }
            throw fail()
        }
        // Keywords may come in either order (`top left`); percentages are x then y.
        if let x = horizontal[words[0]] ?? percentage(words[0]), let y = vertical[words[1]] ?? percentage(words[1]) {
            return GradientPoint(x: x, y: y)
        }
        if let y = vertical[words[0]], let x = horizontal[words[1]] { return GradientPoint(x: x, y: y) }
        if words.contains(where: { $0.hasSuffix("px") }) { throw .pixels(words.joined(separator: " ")) }
        throw fail()
    }

    /// Whether a radial gradient's first part is its shape, size and position rather than a stop.
    private static func isRadialPrelude(_ text: String) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        let keywords: Set<String> = ["circle", "ellipse", "at", "closest-side", "closest-corner", "farthest-side", "farthest-corner"]
        return words.contains(where: keywords.contains) || words.first.map { $0.hasSuffix("%") || $0.hasSuffix("px") } ?? false
    }

    /// The radii an extent keyword gives at `center` (CSS Images 3 §3.2.2), in hundredths of a
    /// percent: a circle's equal, an ellipse's keeping the sides' proportions.
    static func extent(_ keyword: String, circle: Bool, center: GradientPoint) -> (Int, Int)? {
        let sides = (near: (x: min(center.x, 10_000 - center.x), y: min(center.y, 10_000 - center.y)),
                     far: (x: max(abs(center.x), abs(10_000 - center.x)), y: max(abs(center.y), abs(10_000 - center.y))))
        func corner(_ side: (x: Int, y: Int)) -> Double { (Double(side.x * side.x) + Double(side.y * side.y)).squareRoot() }
        let radii: (Double, Double)
        switch keyword {
        case "closest-side": radii = circle ? (Double(min(sides.near.x, sides.near.y)), Double(min(sides.near.x, sides.near.y)))
                                            : (Double(sides.near.x), Double(sides.near.y))
        case "farthest-side": radii = circle ? (Double(max(sides.far.x, sides.far.y)), Double(max(sides.far.x, sides.far.y)))
                                             : (Double(sides.far.x), Double(sides.far.y))
        case "closest-corner": radii = circle ? (corner(sides.near), corner(sides.near))
                                              : (Double(sides.near.x) * 2.0.squareRoot(), Double(sides.near.y) * 2.0.squareRoot())
        case "farthest-corner": radii = circle ? (corner(sides.far), corner(sides.far))
                                               : (Double(sides.far.x) * 2.0.squareRoot(), Double(sides.far.y) * 2.0.squareRoot())
        default: return nil
        }
        // A zero radius is a tiny one (CSS: degenerate gradients still draw).
        return (max(1, Int(radii.0.rounded())), max(1, Int(radii.1.rounded())))
    }

    /// CSS's default size, `farthest-corner`, at `center` (a circle and an ellipse agree: the box is square).
    static func farthestCorner(_ center: GradientPoint) -> (Int, Int) {
        extent("farthest-corner", circle: false, center: center) ?? (7_071, 7_071)
    }

    // MARK: Numbers

    /// An angle (`deg`, `grad`, `rad`, `turn`, or a bare 0) turned into 0 ..< 360°, in hundredths.
    private static func angle(_ text: String) -> Int? {
        rawAngle(text).map { (($0 % 36_000) + 36_000) % 36_000 }
    }

    /// An angle in hundredths of a degree, not turned into one turn.
    private static func rawAngle(_ text: String) -> Int? {
        if text == "0" { return 0 }
        let units: [(String, Double)] = [("grad", 0.9), ("deg", 1), ("rad", 180 / .pi), ("turn", 360)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            return CSSColorFunction.number(String(text.dropLast(unit.count))).map { Int(($0 * factor * 100).rounded()) }
        }
        return nil
    }

    /// `N%` in hundredths of a percent, at most ±1 000 %.
    private static func percentage(_ text: String) -> Int? {
        guard text.hasSuffix("%"), let value = CSSColorFunction.number(String(text.dropLast())), abs(value) <= 1_000 else { return nil }
        return Int((value * 100).rounded())
    }

    /// `text` cut at `separator`s outside parentheses, each part trimmed and spaces folded;
    /// nil when parentheses do not balance, a part is empty, or a part nests a second level.
    static func topLevel(_ text: String, separator: Character) -> [String]? {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "(": depth += 1; guard depth <= 1 else { return nil }
            case ")": depth -= 1; guard depth >= 0 else { return nil }
            default: break
            }
            if character == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard depth == 0 else { return nil }
        parts.append(current)
        let folded = parts.map { $0.split(separator: " ").joined(separator: " ") }
        if separator == " " { return folded.filter { !$0.isEmpty } }
        return folded.contains(where: \.isEmpty) ? nil : folded
    }
}
