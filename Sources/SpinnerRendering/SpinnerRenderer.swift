import ImageCodecs
import SpinnerModel
import SpinnerRaster
import SpinnerLottie
import SpinnerSVG

/// A validated request → encoded image bytes: builds the scene, plans the frames within
/// the budget, rasterises them and hands them to the format's encoder. Pure apart from
/// CPU and memory; the same for the command line and the HTTP service. Every engine reads
/// the one prepared scene: the raster engine with its frame plan, the SVG engine with the
/// dark scene for `theme=auto`, the Lottie engine with the plan's loop (and, for a
/// dotLottie file, the other theme's scene for its themes).
public struct SpinnerRenderer: Sendable {
    /// Limits checked before any work.
    public let budget: RenderBudget

    public init(budget: RenderBudget = .standard) {
        self.budget = budget
    }

    /// `request` planned and costed once, or the budget's refusal, before any work. A
    /// refusal that a smaller request would pass names what would: the largest `size` (or
    /// the highest `fps`, for too many frames) at the other parameters as given.
    public func prepare(_ request: SpinnerRequest) throws(RequestError) -> PreparedRender {
        do {
            return try plan(request)
        } catch {
            throw error.admitting(remedy(for: request, refused: error))
        }
    }

    /// What would pass where `request` was refused with `error`, found by the same planning
    /// and estimate (a binary search of about ten plans, no pixel drawn; only on a refusal).
    /// Nil when the refusal is not about size or frame rate, or when even the smallest
    /// value is refused.
    private func remedy(for request: SpinnerRequest, refused error: RequestError) -> BudgetRemedy? {
        switch error {
        case .tooManyFrames:
            let range = request.fpsRange
            return largestAdmitted(range.lowerBound...max(range.lowerBound, request.shared.fps - 1)) { request.paced(at: $0) }.map { .fps($0) }
        case .imageTooLarge, .workBudgetExceeded, .renderTooCostly, .renderTooLarge:
            let range = request.sizeRange
            return largestAdmitted(range.lowerBound...max(range.lowerBound, request.shared.size - 1)) { request.resized(to: $0) }.map { .size($0) }
        default:
            return nil
        }
    }

    /// The largest value of `range` whose request is admitted, searching as if admission
    /// fell with the value (it does for pixels and frames; the effort the cost model picks
    /// can bend it, so the answer is a value admitted whose next one was refused).
    private func largestAdmitted(_ range: ClosedRange<Int>, _ request: (Int) -> SpinnerRequest) -> Int? {
        func admits(_ value: Int) -> Bool { (try? plan(request(value))) != nil }
        guard admits(range.lowerBound) else { return nil }
        var (admitted, refused) = (range.lowerBound, range.upperBound + 1)
        while refused - admitted > 1 {
            let middle = (admitted + refused) / 2
            if admits(middle) { admitted = middle } else { refused = middle }
        }
        return admitted
    }

    /// `request` planned and costed, or the budget's refusal as it stands.
    private func plan(_ request: SpinnerRequest) throws(RequestError) -> PreparedRender {
        let scene = request.kind.scene(for: request)
        let plan = try FramePlan(request: request, scene: scene, budget: budget)
        // Only an APNG's deflate, and so its cost, depends on the URL being a kind's defaults.
        var estimate = RenderCostModel.estimate(kind: request.kind, format: request.format, pixelSize: plan.pixelSize,
                                                frames: plan.times.count, filledBackground: scene.hasBackground,
                                                renderedAhead: request.format == .apng && request.isRenderedAhead)
        if request.shared.lossyQuality != nil { RenderCostModel.addLossyWork(&estimate) }
        guard estimate.seconds <= budget.maxRenderSeconds else {
            throw .renderTooCostly(format: request.format, seconds: estimate.seconds, limit: budget.maxRenderSeconds)
        }
        guard estimate.peakBytes <= budget.maxRenderBytes else {
            throw .renderTooLarge(format: request.format, bytes: estimate.peakBytes, limit: budget.maxRenderBytes)
        }
        let otherThemeScene: Scene? = switch request.format {
        case .svg where request.shared.theme == .auto: request.kind.scene(for: request, theme: .dark)
        case .dotlottie: request.kind.scene(for: request, theme: request.shared.theme == .dark ? .light : .dark)
        default: nil
        }
        var provisional = RenderCostModel.provisionalEstimate(for: estimate, kind: request.kind, filledBackground: scene.hasBackground)
        if request.shared.lossyQuality != nil, var lossy = provisional {
            RenderCostModel.addLossyWork(&lossy)
            provisional = lossy
        }
        return PreparedRender(request: request, scene: scene, otherThemeScene: otherThemeScene, plan: plan, estimate: estimate,
                              provisionalEstimate: provisional)
    }

    /// The provisional encode of `final` (`RenderPass.provisional`): the same frames at
    /// `.quick` effort, for the first answer of a URL while the final encode runs behind
    /// it. Nil where there is none worth making: vector formats, renders already
    /// at `.quick` effort, and small ones the cost model expects within
    /// `RenderCostModel.provisionalAboveSeconds` anyway.
    public func provisional(of final: PreparedRender) -> PreparedRender? {
        guard final.pass == .final, let estimate = final.provisionalEstimate else { return nil }
        var provisional = PreparedRender(request: final.request, scene: final.scene, otherThemeScene: final.otherThemeScene, plan: final.plan,
                                         estimate: estimate, provisionalEstimate: nil)
        provisional.pass = .provisional
        return provisional
    }

    /// `final` compressed exhaustively where that applies: a kind's default APNG
    /// (`APNGDeflateTiers.exhaustive`, zopfli: tens of seconds of one core on `dots`, so
    /// only in the background or by `spinnerd render --exhaustive`); anything else as it is.
    public func exhaustive(_ final: PreparedRender) -> PreparedRender {
        guard final.pass == .final, final.estimate.apngDeflate?.keepsExhaustive == true else { return final }
        var exhaustive = final
        exhaustive.deflatesExhaustively = true
        return exhaustive
    }

    /// `final` as it is encoded behind its provisional answer (`RenderStore.queueFinal`).
    /// Nobody waits for that encode, so it no longer needs what was chosen for a visitor
    /// who waits: an APNG that would get the cold tiers gets the strongest deflate its cost
    /// allows (`APNGDeflatePlan.behind`, priced as a kind's defaults are), and a WebP
    /// searches longer (`WebPEncoder.searchesLonger`, priced at its
    /// `longerSearchCostRatio` of the thorough estimate).
    /// Anything else, and a render without a provisional answer, as it is. Its estimate is
    /// the one the final queue counts.
    public func behindProvisional(_ final: PreparedRender) -> PreparedRender {
        guard final.pass == .final, final.provisionalEstimate != nil, final.estimate.effort == .thorough else { return final }
        var estimate = final.estimate
        switch final.request.format {
        case .apng:
            guard estimate.apngDeflate == .cold else { return final }
            let strongest = RenderCostModel.estimate(kind: final.request.kind, format: .apng, pixelSize: final.plan.pixelSize,
                                                     frames: final.plan.times.count, filledBackground: final.scene.hasBackground,
                                                     renderedAhead: true)
            guard strongest.effort == .thorough, case .ahead(let strongestBytes)? = strongest.apngDeflate else { return final }
            estimate = strongest
            if final.request.shared.lossyQuality != nil { RenderCostModel.addLossyWork(&estimate) }
            estimate.apngDeflate = .behind(strongestBytes: strongestBytes)
            // The cold pricing counts its slowest tier whole; never price the stronger work below it.
            estimate.seconds = max(estimate.seconds, final.estimate.seconds)
        case .webp:
            estimate.seconds *= WebPEncoder.longerSearchCostRatio
        case .png, .gif, .svg, .lottie, .dotlottie:
            return final
        }
        var behind = PreparedRender(request: final.request, scene: final.scene, otherThemeScene: final.otherThemeScene, plan: final.plan,
                                    estimate: estimate, provisionalEstimate: final.provisionalEstimate)
        behind.encodesBehind = true
        return behind
    }

    /// The cost of `request`, or the budget's refusal, before any work.
    public func estimate(_ request: SpinnerRequest) throws(RequestError) -> RenderEstimate {
        try prepare(request).estimate
    }

    /// The image `request` asks for, refused like `prepare` when over the budget; `stop`
    /// is asked between frames; `timings` records where the time goes.
    public func render(_ request: SpinnerRequest, stop: StopCheck = .never, timings: PhaseTimes = .off) throws(RenderError) -> RenderedImage {
        let prepared: PreparedRender
        do { prepared = try prepare(request) } catch { throw .request(error) }
        return try render(prepared, stop: stop, timings: timings)
    }

    /// The image of a prepared render; `stop` is asked between frames; `timings` records
    /// where the time goes. The documents are written by their engines from the scene; a
    /// raster format's frames are collected (drawn, and mapped to one palette when lossy)
    /// and written by its writer, both made from one `EncodeSettings`.
    public func render(_ prepared: PreparedRender, stop: StopCheck = .never, timings: PhaseTimes = .off) throws(RenderError) -> RenderedImage {
        let format = prepared.request.format
        let settings = EncodeSettings(prepared, budget: budget, timings: timings)
        guard let writer = FrameWriters.writer(for: settings) else {
            return RenderedImage(bytes: try Self.document(prepared), format: format)
        }
        let collector = FrameCollector(settings: settings, writerMapsItself: type(of: writer).mapsToOnePaletteItself)
        let frames = try collector.collect(prepared, stop: stop)
        let bytes = try Self.codec { () throws(CodecError) in try writer.write(frames, stop: stop) }
        return RenderedImage(bytes: bytes, format: format)
    }

    /// The document of a vector format, written by its engine from the prepared scenes.
    private static func document(_ prepared: PreparedRender) throws(RenderError) -> [UInt8] {
        let (request, scene, loop) = (prepared.request, prepared.scene, prepared.plan.loopMilliseconds)
        switch request.format {
        case .svg:
            return SVGDocument(request: request, scene: scene, darkScene: prepared.otherThemeScene, loopMilliseconds: loop).bytes
        case .dotlottie:
            let otherScene = prepared.otherThemeScene ?? scene
            do {
                return try DotLottieFile(request: request, scene: scene, otherScene: otherScene, loopMilliseconds: loop).bytes
            } catch {
                throw .codec(CodecError("zip: \(error)"))
            }
        default:
            return LottieDocument(request: request, scene: scene, loopMilliseconds: loop).bytes
        }
    }

    /// Every planned frame, rasterised (over all the cores), with its exact duration in seconds.
    func rasterFrames(_ scene: Scene, _ plan: FramePlan, stop: StopCheck = .never) throws(RenderError) -> [AnimationFrame] {
        let source = try Self.raster { () throws(RasterError) in try DrawnFrames(scene: scene, plan: plan) }
        return try Self.codec { () throws(CodecError) in try FrameCollector.drawn(source, stop) }
    }

    static func raster<T>(_ body: () throws(RasterError) -> T) throws(RenderError) -> T {
        do { return try body() } catch { throw .raster(error) }
    }

    static func codec<T>(_ body: () throws(CodecError) -> T) throws(RenderError) -> T {
        do { return try body() } catch {
            if let reason = error.stopped { throw .stopped(reason) }
            if let limit = error.tooLargeLimit { throw .request(.outputTooLarge(limit: limit)) }
            throw .codec(error)
        }
    }
}
