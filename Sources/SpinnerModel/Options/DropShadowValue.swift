/// A drop shadow as a URL gives it (`dropshadow`, `trackdropshadow`): SwiftUI's
/// `.drop(color:radius:x:y:)` in its own order, `radius[,x,y[,color]]`, lengths in points at
/// the natural size (as `shadow`'s) to hundredths: `4`, `4,0,2`, `6,0,3,systemBlue`.
/// Parsed once at the edge by `init(parsing:)`.
public struct DropShadowValue: Hashable, Sendable {
    /// Blur radius, 0.01…15 pt.
    public let radius: Points
    /// Offset, right and down, each −30…30 pt. Default 0.
    public let x: Points
    public let y: Points
    /// Colour; nil: SwiftUI's default, black at 33 %.
    public let color: ColorValue?

    /// The radius's and the offsets' bounds, in points.
    public static let radiusRange = 0.01 ... 15.0
    public static let offsetRange = -30.0 ... 30.0
    /// The longest value read, in bytes (UTF-8).
    public static let maximumLength = 96

    /// Reads `radius[,x,y[,color]]`; nil when malformed or out of range.
    public init?(parsing text: String) {
        guard case .success(let value) = Self.read(text) else { return nil }
        self = value
    }

    /// Why `text` is no drop shadow, naming the part at fault (`the radius 20 is outside
    /// 0.01 to 15`); nil when it is one.
    public static func problem(in text: String) -> String? {
        guard case .failure(let problem) = read(text) else { return nil }
        return problem.description
    }

    private init(radius: Points, x: Points, y: Points, color: ColorValue?) {
        self.radius = radius
        self.x = x
        self.y = y
        self.color = color
    }

    /// What is wrong with a written shadow, for people.
    private struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private static func read(_ text: String) -> Result<DropShadowValue, Problem> {
        guard text.utf8.count <= Self.maximumLength else { return .failure(Problem(description: "it is longer than \(maximumLength) bytes")) }
        // The colour may hold commas (`rgb(0,0,0)`): the first three parts are numbers.
        var parts = text.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count >= 3 else {
            return .failure(Problem(description: "it has \(parts.count) parts: a radius alone, or a radius and both offsets"))
        }
        func length(_ text: String, _ part: String, in range: ClosedRange<Double>) -> Result<Points, Problem> {
            // Spaces around a number, not inside it (`4 , 0 , 2`, not `4 .5`).
            var trimmed = Substring(text)
            while trimmed.first == " " { trimmed = trimmed.dropFirst() }
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            guard let written = WrittenDecimal(parsing: String(trimmed), places: 2) else {
                return .failure(Problem(description: "the \(part) '\(trimmed.prefix(24))' is no number"))
            }
            guard written.isWithin(Points(range.lowerBound).fixed ... Points(range.upperBound).fixed) else {
                return .failure(Problem(description: "the \(part) \(trimmed.prefix(24)) is outside \(Self.bound(range.lowerBound)) to "
                                        + "\(Self.bound(range.upperBound))"))
            }
            return .success(Points(fixed: written.rounded))
        }
        let radius: Points
        switch length(parts.removeFirst(), "radius", in: Self.radiusRange) {
        case .success(let read): radius = read
        case .failure(let problem): return .failure(problem)
        }
        var x = Points(0), y = Points(0), color: ColorValue? = nil
        if parts.count >= 2 {
            switch (length(parts[0], "x offset", in: Self.offsetRange), length(parts[1], "y offset", in: Self.offsetRange)) {
            case (.success(let right), .success(let down)): (x, y) = (right, down)
            case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
            }
        }
        if parts.count == 3 {
            let written = parts[2].split(separator: " ").joined(separator: " ")
            guard !CSSGradient.looksLikeGradient(written) else {
                return .failure(Problem(description: "a shadow's colour is one colour, not a gradient"))
            }
            guard let given = ColorValue(parsing: written) else {
                return .failure(Problem(description: "the colour '\(written.prefix(40))' is no colour"))
            }
            color = given
        }
        return .success(DropShadowValue(radius: radius, x: x, y: y, color: color))
    }

    /// A bound as the grammar writes it: `15`, `0.01`, `-30`.
    private static func bound(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The shadow for `theme`.
    public func shadow(for theme: Theme) -> DropShadow {
        DropShadow(color: color?.resolved(for: theme) ?? DropShadow.defaultColor, radius: radius.value, x: x.value, y: y.value)
    }

    /// The one canonical spelling: trailing defaults left out (`4`, `4,0,2`,
    /// `4,0,2,ff000080`), numbers as `FixedPoint` writes them, the colour canonical.
    public var canonicalText: String {
        var parts = [radius.fixed.description]
        if x.fixed.units != 0 || y.fixed.units != 0 || color != nil { parts += [x.fixed.description, y.fixed.description] }
        if let color { parts.append(color.canonicalText) }
        return parts.joined(separator: ",")
    }
}
