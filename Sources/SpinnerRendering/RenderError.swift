import ImageCodecs
import SpinnerModel
import SpinnerRaster

/// Why a render failed: a refused request (the user's to fix, carrying its status), or
/// a failure inside the engines (memory), which is the server's problem.
public enum RenderError: Error, Sendable {
    /// The request was refused before any work.
    case request(RequestError)
    /// Cairo could not draw.
    case raster(RasterError)
    /// An encoder's library failed.
    case codec(CodecError)

    /// The HTTP status for this error.
    public var status: Int {
        if case .request(let error) = self { return error.status }
        return 500
    }
}
