/// Frames an encoder reads in order, one at a time, so they need not all be held at once:
/// a renderer can draw each when asked (`image(at:)`) and let it go once encoded.
public protocol FrameSource {
    /// How many frames.
    var count: Int { get }
    /// How long frame `index` shows.
    func duration(at index: Int) -> FrameDuration
    /// Frame `index`'s picture (all frames are the same size).
    func image(at index: Int) -> RGBAImage
}

/// Frames already drawn.
extension Array: FrameSource where Element == AnimationFrame {
    public func duration(at index: Int) -> FrameDuration { self[index].duration }
    public func image(at index: Int) -> RGBAImage { self[index].image }
}
