import ExactTime
/// One shape to paint at one instant, with everything resolved: what the raster
/// engine draws, in order.
public struct DrawCommand: Hashable, Sendable {
    /// The outline, in the shape's own coordinates.
    public let shape: ResolvedShape
    /// Fill or stroke colour, in the shape's own coordinates.
    public let paint: Paint
    /// Stroke style; nil fills.
    public let stroke: StrokeStyle?
    /// Optional inner shadow on the stroke.
    public let innerShadow: InnerShadow?
    /// Optional drop shadow beneath the stroke.
    public let dropShadow: DropShadow?
    /// Product of the opacities of the node and its groups, 0...1.
    public let opacity: Double
    /// Map from the shape's coordinates to the scene's points.
    public let transform: AffineTransform
}

extension Scene {
    /// The picture at model time `milliseconds`: a pure function of the scene and time.
    /// Shapes that are fully transparent at that time are left out.
    public func drawCommands(at milliseconds: Rational) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        for node in nodes {
            Self.collect(node, at: milliseconds, transform: .identity, opacity: 1, into: &commands)
        }
        return commands
    }

    private static func collect(_ node: SceneNode, at time: Rational, transform outer: AffineTransform,
                                opacity outerOpacity: Double, into commands: inout [DrawCommand]) {
        let opacity = outerOpacity * min(max(node.opacity.value(at: time), 0), 1)
        guard opacity > 0 else { return }
        let transform = node.transforms.reduce(outer) { $0.concatenating($1.matrix(at: time)) }
        switch node.content {
        case .group(let children):
            for child in children {
                collect(child, at: time, transform: transform, opacity: opacity, into: &commands)
            }
        case .ring(let ring):
            for copy in ring.copies {
                collect(copy, at: time, transform: transform, opacity: opacity, into: &commands)
            }
        case .shape(let shape):
            commands.append(DrawCommand(shape: shape.shape.resolved(at: time), paint: shape.paint,
                                        stroke: shape.stroke, innerShadow: shape.innerShadow, dropShadow: shape.dropShadow,
                                        opacity: opacity, transform: transform))
        }
    }
}
