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
        guard text.utf8.count <= Self.maximumLength else { return nil }
        // The colour may hold commas (`rgb(0,0,0)`): the first three parts are numbers.
        var parts = text.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count >= 3 else { return nil }
        func length(_ text: String, in range: ClosedRange<Double>) -> Points? {
            // Spaces around a number, not inside it (`4 , 0 , 2`, not `4 .5`).
            var trimmed = Substring(text)
            while trimmed.first == " " { trimmed = trimmed.dropFirst() }
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            guard let written = WrittenDecimal(parsing: String(trimmed), places: 2),
                  written.isWithin(Points(range.lowerBound).fixed ... Points(range.upperBound).fixed) else { return nil }
            return Points(fixed: written.rounded)
        }
        guard let radius = length(parts.removeFirst(), in: Self.radiusRange) else { return nil }
        var x = Points(0), y = Points(0), color: ColorValue? = nil
        if parts.count >= 2 {
            guard let right = length(parts[0], in: Self.offsetRange), let down = length(parts[1], in: Self.offsetRange) else { return nil }
            (x, y) = (right, down)
        }
        if parts.count == 3 {
            let written = parts[2].split(separator: " ").joined(separator: " ")
            guard !CSSGradient.looksLikeGradient(written), let given = ColorValue(parsing: written) else { return nil }
            color = given
        }
        self.radius = radius
        self.x = x
        self.y = y
        self.color = color
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
