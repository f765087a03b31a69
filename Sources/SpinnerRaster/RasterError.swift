/// A failure of the raster engine itself (not of the request): Cairo could not make a
/// surface, which means memory ran out.
public struct RasterError: Error, Hashable, Sendable {
    /// Cairo's status text.
    public let message: String
}
