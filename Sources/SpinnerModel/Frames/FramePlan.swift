import ExactTime
/// The raster frames one request needs: their pixel size and the exact model times at
/// which they are sampled. Made by `init(request:scene:budget:)`, which refuses requests
/// over the `RenderBudget` before any pixel is drawn.
public struct FramePlan: Hashable, Sendable {
    /// Width and height of every frame, in pixels (`size × scale`, rounded).
    public let pixelSize: Int
    /// The seamless loop in ms of the model's time (0 for a still).
    public let loopMilliseconds: Int
    /// Frame start times in ms of the model's time: the first is 0 (or `t` for a still),
    /// increasing, below the loop.
    public let times: [Rational]
    /// How many ms of the viewer's time one ms of the model's takes (`slowdown`; 1 for
    /// every format but the animated rasters). Default 1.
    public private(set) var slowdown = 1

    /// How long each frame shows, in ms of the viewer's time; they sum to exactly the loop
    /// times `slowdown`.
    public var durations: [Rational] {
        let ends = times.dropFirst() + [Rational(loopMilliseconds)]
        return zip(times, ends).map { ($1 - $0) * Rational(Int64(slowdown)) }
    }

    /// The GIF format cannot show frames faster than 50 per second (2 cs delays).
    public static let gifMaxFramesPerSecond = 50

    /// Plans the frames of `request` drawing `scene`, or throws when the budget is exceeded.
    public init(request: SpinnerRequest, scene: Scene, budget: RenderBudget) throws(RequestError) {
        // Vectors have no pixel density: their pixels are the viewer's.
        let scale = request.format.isVector ? 1 : request.shared.scale.doubleValue
        pixelSize = max(1, Int((Double(request.shared.size) * scale).rounded()))
        guard pixelSize <= budget.maxPixelsPerSide else {
            throw .imageTooLarge(pixels: pixelSize, limit: budget.maxPixelsPerSide)
        }

        guard Self.needsLoop(request) else {
            // A still frame at `t`, or an SVG playing forever (each motion repeats on its
            // own): no loop needed.
            loopMilliseconds = 0
            times = [request.format == .png ? request.shared.t.rational : .zero]
            return
        }
        let loop = try Self.loop(of: scene, budget: budget)
        loopMilliseconds = loop
        if !request.format.isAnimatedRaster {
            // Lottie: keyframes over the loop, no frames. An SVG played a number of times:
            // the loop sets when its animations stop.
            times = [.zero]
        } else if loop == 0 {
            times = [.zero]
        } else if scene.isStepped {
            times = scene.stepTimes(loopMilliseconds: loop)
        } else {
            var fps = request.shared.fps
            if request.format == .gif { fps = min(fps, Self.gifMaxFramesPerSecond) }
            // `fps` frames a second of the slowed loop, the viewer's.
            let count = max(1, Int((Double(loop * request.shared.slowdown) * Double(fps) / 1000).rounded()))
            times = (0..<count).map { Rational(Int64(loop) * Int64($0), Int64(count)) }
        }
        if request.format.isAnimatedRaster { slowdown = request.shared.slowdown }
        guard times.count <= budget.maxFrames else { throw .tooManyFrames(frames: times.count, limit: budget.maxFrames) }
        let work = pixelSize * pixelSize * times.count
        guard work <= budget.maxPixelFrames else {
            throw .workBudgetExceeded(pixelFrames: work, limit: budget.maxPixelFrames)
        }
    }

    /// Whether `request` needs the whole loop: every animated raster, Lottie (keyframes over
    /// the loop) and an SVG played a number of times (its animations end with the last loop).
    static func needsLoop(_ request: SpinnerRequest) -> Bool {
        request.format.holdsWholeLoop || (request.format == .svg && request.shared.loops > 0)
    }

    /// The loop of `scene` in ms: the one place it is worked out, against the one limit,
    /// `budget.maxLoopMilliseconds` (default 30 s). Throws `loopTooLong` past it.
    public static func loop(of scene: Scene, budget: RenderBudget) throws(RequestError) -> Int {
        guard let loop = scene.loopMilliseconds(limit: budget.maxLoopMilliseconds) else {
            let periods = Array(Set(scene.tracks.map(\.periodMilliseconds))).sorted()
            throw .loopTooLong(milliseconds: scene.loopMilliseconds(limit: .max), limit: budget.maxLoopMilliseconds, periods: periods)
        }
        return loop
    }
}
