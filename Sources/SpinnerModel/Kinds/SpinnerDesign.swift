/// One spinner design re-created from a seed: its natural size, the parameters it adds
/// to the shared ones, and the scene it draws for a validated request.
public protocol SpinnerDesign: Sendable {
    /// One line for people: what it looks like and which seed it follows.
    static var summary: String { get }
    /// Side of the square box, in points, at which the seed draws it; `size` scales from it.
    static var naturalSize: Double { get }
    /// The kind's own parameters (stroke, count, duration, colours, style…).
    static var parameters: [ParameterDefinition] { get }
    /// The animated picture for `request` in `theme`, without background.
    static func nodes(for request: SpinnerRequest, theme: Theme) -> [SceneNode]
}
