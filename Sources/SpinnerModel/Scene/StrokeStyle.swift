/// How an outline is stroked (SwiftUI `StrokeStyle`). Lengths are in points.
public struct StrokeStyle: Hashable, Sendable {
    /// How open ends of a stroke are drawn.
    public enum LineCap: Hashable, Sendable {
        /// Squared off at the end point.
        case butt
        /// A half disc past the end point.
        case round
    }

    /// Width of the stroke, centred on the outline.
    public let width: Double
    /// End caps. Default `.butt`, as SwiftUI.
    public let cap: LineCap
    /// Alternating on/off lengths along the outline; empty for a solid stroke.
    public let dash: [Double]
    /// How far into the dash pattern the outline starts.
    public let dashPhase: Double

    public init(width: Double, cap: LineCap = .butt, dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
