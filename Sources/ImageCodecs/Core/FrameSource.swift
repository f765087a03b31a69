/// Frames an encoder reads, so they need not all be held at once: a renderer can draw
/// each when asked and let it go once encoded. An encoder reads through `reader()`, one
/// reader per thread, so frames can be drawn on every core at once.
public protocol FrameSource: Sendable {
    /// What one thread reads frames with (a drawing canvas, or the frames themselves).
    associatedtype Reader: FrameReader
    /// How many frames.
    var count: Int { get }
    /// How long frame `index` shows.
    func duration(at index: Int) -> FrameDuration
    /// A reader for one thread.
    func reader() -> Reader
}

/// Reads the pictures of a `FrameSource` on one thread.
public protocol FrameReader {
    /// Frame `index`'s picture (all frames are the same size).
    func image(at index: Int) throws(CodecError) -> RGBAImage
}

/// Frames already drawn.
extension Array: FrameSource where Element == AnimationFrame {
    public func duration(at index: Int) -> FrameDuration { self[index].duration }
    public func reader() -> Self { self }
}

extension Array: FrameReader where Element == AnimationFrame {
    public func image(at index: Int) -> RGBAImage { self[index].image }
}

extension FrameSource {
    /// Every frame's picture, read over all the cores, in order.
    func images(stop: StopCheck) throws(CodecError) -> [RGBAImage] {
        try Parallel.map(count, state: { reader() }) { (index, reader: inout Reader) throws(CodecError) -> RGBAImage in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw CodecError(stopped: error) }
            return try reader.image(at: index)
        }
    }
}
