/// One spinner design re-created from a seed: its natural size, its own parameters
/// (`Options`: properties with their defaults, bound to their definitions), and the scene
/// it draws for them.
public protocol SpinnerDesign: Sendable {
    /// The kind's own parameters (stroke, count, duration, colours, style…), decoded.
    associatedtype Options: KindOptions
    /// One line for people: what it looks like and which seed it follows.
    static var summary: String { get }
    /// Side of the square box, in points, at which the seed draws it; `size` scales from it.
    static var naturalSize: Double { get }
    /// The animated picture for `options` in `theme`, without background; `pixel` is one
    /// CSS pixel of the image in points (the natural size over `size`), for what must clear
    /// the box's edge by a pixel (a drop shadow's anti-aliased rim).
    static func nodes(for options: Options, theme: Theme, pixel: Double) -> [SceneNode]
    /// Refuses parameters that are each valid but cannot be drawn together. Default: none.
    static func check(_ options: Options) throws(RequestError)
}

extension SpinnerDesign {
    public static func check(_ options: Options) throws(RequestError) {}
}
