import ImageCodecs
import SpinnerModel
import SpinnerRaster
import SpinnerSVG

/// A validated request → encoded image bytes: builds the scene, plans the frames within
/// the budget, rasterises them and hands them to the format's encoder. Pure apart from
/// CPU and memory; the same for the command line and the HTTP service.
public struct SpinnerRenderer: Sendable {
    /// Limits checked before any work.
    public let budget: RenderBudget

    public init(budget: RenderBudget = .standard) {
        self.budget = budget
    }

    /// The cost of `request`, or the budget's refusal, before any work.
    public func estimate(_ request: SpinnerRequest) throws(RequestError) -> RenderEstimate {
        let scene = request.kind.scene(for: request)
        let plan = try FramePlan(request: request, scene: scene, budget: budget)
        let background = request.color(.background, theme: request.theme.fixed)
        let estimate = RenderCostModel.estimate(kind: request.kind, format: request.format, pixelSize: plan.pixelSize,
                                                frames: plan.times.count, filledBackground: background.map { $0.bytes.alpha > 0 } ?? false,
                                                quickEffortPixelFrames: Self.quickEffortPixelFrames)
        guard estimate.seconds <= budget.maxRenderSeconds else {
            throw .renderTooCostly(format: request.format, seconds: estimate.seconds, limit: budget.maxRenderSeconds)
        }
        guard estimate.peakBytes <= budget.maxRenderBytes else {
            throw .renderTooLarge(format: request.format, bytes: estimate.peakBytes, limit: budget.maxRenderBytes)
        }
        return estimate
    }

    /// The image `request` asks for, refused like `estimate` when over the budget; `stop`
    /// is asked between frames; `timings` records where the time goes.
    public func render(_ request: SpinnerRequest, stop: StopCheck = .never, timings: PhaseTimes = .off) throws(RenderError) -> RenderedImage {
        let cost: RenderEstimate
        do { cost = try estimate(request) } catch { throw .request(error) }
        let (scene, plan) = try planned(request)
        let bytes: [UInt8]
        switch request.format {
        case .png:
            let image = try raster { () throws(RasterError) in
                let rasterizer = try SceneRasterizer(scene: scene, pixelSize: plan.pixelSize)
                return timings.measure(.draw) { rasterizer.render(at: plan.times[0]) }
            }
            bytes = try codec { () throws(CodecError) in try PNGEncoder.encode(image, timings: timings) }
        case .apng:
            let frames = try raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan, timings: timings) }
            let encoder = APNGEncoder(loops: request.integer(.loops), effort: effort(plan), maxBytes: budget.maxOutputBytes,
                                      strongestBytes: cost.strongestDeflateBytes, timings: timings)
            bytes = try codec { () throws(CodecError) in try encoder.encode(frames, stop: stop) }
        case .gif:
            // Drawn one at a time as the encoder reads them: no frame is held once reduced.
            let frames = try raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan, timings: timings) }
            // A clear matte (`none`) means no page colour is known: partial opacity is dithered.
            let matte = request.color(.matte, theme: request.theme.fixed).flatMap { color in
                color.bytes.alpha == 0 ? nil : GIFEncoder.Matte(red: color.bytes.red, green: color.bytes.green, blue: color.bytes.blue)
            }
            let encoder = GIFEncoder(loops: request.integer(.loops), matte: matte, effort: effort(plan), maxBytes: budget.maxOutputBytes,
                                     timings: timings)
            bytes = try codec { () throws(CodecError) in try encoder.encode(frames, stop: stop) }
        case .webp:
            // Drawn one at a time as libwebp reads them, like GIF.
            let frames = try raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan, timings: timings) }
            let encoder = WebPEncoder(loops: request.integer(.loops), effort: effort(plan), maxBytes: budget.maxOutputBytes,
                                      timings: timings)
            bytes = try codec { () throws(CodecError) in try encoder.encode(frames, stop: stop) }
        case .svg:
            bytes = SVGDocument(request: request).bytes
        }
        return RenderedImage(bytes: bytes, format: request.format)
    }

    /// Animations of more pixels × frames than this are encoded with `.quick` effort.
    public static let quickEffortPixelFrames = 3_000_000

    /// The encoder effort for `plan`: thorough for the sizes people use, quick beyond.
    func effort(_ plan: FramePlan) -> EncoderEffort {
        plan.pixelSize * plan.pixelSize * plan.times.count > Self.quickEffortPixelFrames ? .quick : .thorough
    }

    /// The scene of `request` and its frames planned within the budget.
    func planned(_ request: SpinnerRequest) throws(RenderError) -> (Scene, FramePlan) {
        let scene = request.kind.scene(for: request)
        do { return (scene, try FramePlan(request: request, scene: scene, budget: budget)) } catch { throw .request(error) }
    }

    /// Every planned frame, rasterised (over all the cores), with its exact duration in seconds.
    func rasterFrames(_ scene: Scene, _ plan: FramePlan, stop: StopCheck = .never) throws(RenderError) -> [AnimationFrame] {
        let source = try raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan) }
        return try Parallel.map(source.count, state: { source.reader() }) {
            (index, reader: inout DrawnFrames.Reader) throws(RenderError) -> AnimationFrame in
            do throws(StopCheck.Reason) { try stop.check() } catch { throw .stopped(error) }
            do throws(CodecError) {
                return AnimationFrame(image: try reader.image(at: index), duration: source.duration(at: index))
            } catch {
                throw .codec(error)
            }
        }
    }

    func raster<T>(_ body: () throws(RasterError) -> T) throws(RenderError) -> T {
        do { return try body() } catch { throw .raster(error) }
    }

    private func codec<T>(_ body: () throws(CodecError) -> T) throws(RenderError) -> T {
        do { return try body() } catch {
            if let reason = error.stopped { throw .stopped(reason) }
            if let limit = error.tooLargeLimit { throw .request(.outputTooLarge(limit: limit)) }
            throw .codec(error)
        }
    }
}
