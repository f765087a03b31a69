import ExactTime
/// A spinner's whole picture as a declarative animation: a square box of `size`
/// points, a background and nodes. Both engines read it: the raster engine samples
/// `drawCommands(at:)`, the SVG engine writes the keyframe tracks themselves.
public struct Scene: Hashable, Sendable {
    /// Side of the square box in points (the seed's natural size).
    public let size: Double
    /// Paint behind everything, over the whole box; transparent by default.
    public let background: Paint
    /// Elements, drawn in order (later on top).
    public let nodes: [SceneNode]
    /// Whether the whole picture, background included, is mirrored left to right (x ↦
    /// size − x): `direction=reverse`, the motion's mirror image, every turn the other way.
    /// Each engine mirrors what it draws of the rest. Default false.
    public let mirrored: Bool

    public init(size: Double, background: Paint = .solid(.transparent), nodes: [SceneNode], mirrored: Bool = false) {
        precondition(size > 0, "scene size must be positive")
        self.size = size
        self.background = background
        self.nodes = nodes
        self.mirrored = mirrored
    }

    /// Whether the background shows (some colour of it has opacity).
    public var hasBackground: Bool { background.isVisible }

    /// Every moving value in the scene, in drawing order.
    public var animatedValues: [AnimatedValue] {
        nodes.flatMap(Self.animatedValues(of:))
    }

    /// The keyframe tracks of all moving values.
    public var tracks: [KeyframeTrack] {
        animatedValues.compactMap(\.keyframeTrack)
    }

    /// The seamless loop: the least common multiple of all track periods, in whole
    /// milliseconds, so the picture at `t` equals the picture at `t + loop`. A scene
    /// with no motion has a loop of 0. Nil beyond `limit` (or beyond `Int64`), so absurd
    /// combinations are refused before any work.
    public func loopMilliseconds(limit: Int) -> Int? {
        var loop: Int64 = 0
        for track in tracks {
            let period = Int64(track.periodMilliseconds)
            guard let next = loop == 0 ? period : Rational.lcm(loop, period), next <= Int64(limit) else { return nil }
            loop = next
        }
        return Int(loop)
    }

    /// True when every moving value only jumps (hold keyframes), so the picture changes
    /// only at `stepTimes`; such scenes get one frame per step, not one per 1/fps.
    public var isStepped: Bool {
        let moving = tracks
        return !moving.isEmpty && moving.allSatisfy(\.isStepped)
    }

    /// For a stepped scene, the times in `[0, loop)` (ms) at which some value jumps, with 0 first.
    public func stepTimes(loopMilliseconds loop: Int) -> [Rational] {
        let loopTime = Rational(loop)
        var times: Set<Rational> = [.zero]
        for value in animatedValues {
            guard case .track(let track, let offset) = value else { continue }
            let repeats = loop / track.periodMilliseconds
            for keyframe in track.keyframes.dropLast() {
                let first = (keyframe.at * track.period - offset).modulo(track.period)
                for index in 0..<repeats {
                    times.insert((first + track.period * Rational(index)).modulo(loopTime))
                }
            }
        }
        return times.sorted()
    }

    private static func animatedValues(of node: SceneNode) -> [AnimatedValue] {
        var values = node.transforms.flatMap(\.animatedValues) + [node.opacity]
        switch node.content {
        case .shape(let shape): values += shape.shape.animatedValues
        case .group(let children): values += children.flatMap(animatedValues(of:))
        case .ring(let ring): values += ring.copies.flatMap(animatedValues(of:))
        }
        return values
    }
}
