import ImageCodecs
import SpinnerModel
import SpinnerRaster

/// Why a render failed: a refused request (the user's to fix), or a failure inside the
/// engines (memory), which is the server's problem; the service says what each is in HTTP.
public enum RenderError: Error, Sendable {
    /// The request was refused before any work.
    case request(RequestError)
    /// Cairo could not draw.
    case raster(RasterError)
    /// An encoder's library failed.
    case codec(CodecError)
    /// The work was told to stop: nobody waits for it, or its deadline passed.
    case stopped(StopCheck.Reason)
}
