import ExactTime
/// One element of a spinner's picture: a shape or a group of elements, with
/// transforms and an opacity that may move over time.
public struct SceneNode: Hashable, Sendable {
    /// What the node draws.
    public indirect enum Content: Hashable, Sendable {
        /// A single painted shape.
        case shape(ShapeNode)
        /// Child nodes drawn in order (later on top). Their opacities multiply with the
        /// group's, which equals group compositing because no kind's children overlap.
        case group([SceneNode])
        /// Copies of one shape turned evenly about one point, each running one opacity track
        /// from a later point of its period (`activity`'s and `capsules`' rings). Kept as a
        /// ring so an engine that can state it once (Lottie: one precomposition, each copy a
        /// layer turned to its place and started part-way in) need not find it again; the
        /// others draw its `copies`.
        case ring(Ring)
    }

    /// What is drawn.
    public let content: Content
    /// Transforms in SVG order: the first is outermost, the last applies to the shape first.
    public let transforms: [Transform]
    /// Opacity 0...1 multiplied into the paint. Default 1.
    public let opacity: AnimatedValue
    /// What people call the part ("Track", "Puck", "Capsule 3"): engines that name their
    /// elements (Lottie's layers and groups, which apps find by keypath) use it. Default none.
    public let name: String?

    public init(_ content: Content, transforms: [Transform] = [], opacity: AnimatedValue = .constant(1), name: String? = nil) {
        self.content = content
        self.transforms = transforms
        self.opacity = opacity
        self.name = name
    }

    /// A shape node.
    public static func shape(_ shape: ShapeNode, transforms: [Transform] = [],
                             opacity: AnimatedValue = .constant(1), name: String? = nil) -> SceneNode {
        SceneNode(.shape(shape), transforms: transforms, opacity: opacity, name: name)
    }

    /// A group node.
    public static func group(_ children: [SceneNode], transforms: [Transform] = [],
                             opacity: AnimatedValue = .constant(1), name: String? = nil) -> SceneNode {
        SceneNode(.group(children), transforms: transforms, opacity: opacity, name: name)
    }

    /// A ring node: `count` copies of `shape` turned evenly about `center`, each running
    /// `opacity` a step of its period later than the one before (see `Ring`).
    /// With `paints`, copy i is painted `paints[i]` (a gradient's colour at its place).
    public static func ring(of shape: ShapeNode, count: Int, around center: Point, opacity: KeyframeTrack,
                            name: String, paints: [Paint]? = nil) -> SceneNode {
        SceneNode(.ring(Ring(shape: shape, count: count, center: center, opacity: opacity, name: name, paints: paints)))
    }
}

/// `count` copies of one shape turned evenly about `center` (copy i by 360°·i/count), each
/// running `opacity` i/count of a period later than copy 0: the activity indicator's and
/// the capsules' ring. Copy i is named "`name` i+1".
public struct Ring: Hashable, Sendable {
    public let shape: ShapeNode
    public let count: Int
    /// The point the copies turn about, in points.
    public let center: Point
    /// Copy 0's opacity over one period.
    public let opacity: KeyframeTrack
    /// The copies' name ("Capsule": "Capsule 1", "Capsule 2"…).
    public let name: String
    /// Each copy's own paint, when they differ (a gradient across the ring); nil: the shape's.
    public let paints: [Paint]?

    public init(shape: ShapeNode, count: Int, center: Point, opacity: KeyframeTrack, name: String, paints: [Paint]? = nil) {
        precondition(paints == nil || paints?.count == count, "one paint per copy")
        self.shape = shape
        self.count = count
        self.center = center
        self.opacity = opacity
        self.name = name
        self.paints = paints
    }

    /// The copies as nodes, in order (copy 0 first).
    public var copies: [SceneNode] {
        (0 ..< count).map { index in
            .shape(paints.map { shape.repainted($0[index], slot: "\(name.lowercased())\(index + 1)") } ?? shape,
                   transforms: [.rotate(degrees: .constant(360 * Double(index) / Double(count)), around: center)],
                   opacity: .track(opacity, offset: -Rational(Int64(index * opacity.periodMilliseconds), Int64(count))),
                   name: "\(name) \(index + 1)")
        }
    }
}

/// A shape with its paint: filled when `stroke` is nil, else stroked.
public struct ShapeNode: Hashable, Sendable {
    /// The outline.
    public let shape: Shape
    /// Fill or stroke colour.
    public let paint: Paint
    /// Stroke style; nil fills the shape.
    public let stroke: StrokeStyle?
    /// Optional inner shadow; only on a stroke painted solid or with a linear gradient.
    public let innerShadow: InnerShadow?
    /// Optional drop shadow beneath a stroke, in the shape's own frame.
    public let dropShadow: DropShadow?
    /// The colour's identity for apps that recolour at run time ("puck", "track",
    /// "color"; Lottie's slot id); shapes with the same one take one colour. Default none.
    public let slot: String?

    public init(_ shape: Shape, paint: Paint, stroke: StrokeStyle? = nil, innerShadow: InnerShadow? = nil,
                dropShadow: DropShadow? = nil, slot: String? = nil) {
        if innerShadow != nil {
            // Not on an angular gradient, which is drawn as pieces along an arc.
            if case .angular = paint { preconditionFailure("inner shadows are drawn on solid or linear-gradient strokes") }
            precondition(stroke != nil, "inner shadows are drawn on strokes")
        }
        self.shape = shape
        self.paint = paint
        self.stroke = stroke
        precondition(dropShadow == nil || stroke != nil, "drop shadows are drawn under strokes")
        self.innerShadow = innerShadow
        self.dropShadow = dropShadow
        self.slot = slot
    }
}

extension ShapeNode {
    /// The same shape painted `paint`, its colour in `slot` (copies of one colour share
    /// one slot; copies that differ each need their own).
    public func repainted(_ paint: Paint, slot: String?) -> ShapeNode {
        ShapeNode(shape, paint: paint, stroke: stroke, innerShadow: innerShadow, dropShadow: dropShadow, slot: slot)
    }
}

/// A geometric change applied to a node.
public enum Transform: Hashable, Sendable {
    /// A clockwise turn by `degrees` about `pivot` (SwiftUI `rotationEffect(_:anchor:)`).
    case rotate(degrees: AnimatedValue, around: Point)

    /// The transform's matrix at model time `milliseconds`.
    public func matrix(at milliseconds: Rational) -> AffineTransform {
        switch self {
        case .rotate(let degrees, let pivot):
            return .rotation(degrees: degrees.value(at: milliseconds), around: pivot)
        }
    }

    var animatedValues: [AnimatedValue] {
        if case .rotate(let degrees, _) = self { return [degrees] }
        return []
    }
}
