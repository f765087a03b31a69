import SpinnerModel
import SpinnerRendering

/// `spinnerd cost KIND[.ext] [key=value …]`: what a request would cost — frames, pixels ×
/// frames, the estimated seconds of one core and peak memory, the encoder effort and, for
/// an APNG, the deflate it gets — or why the budget refuses it, without rendering (the
/// service decides the same way before any work).
enum CostCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "cost") else { return 2 }
        guard let budget = BudgetEnvironment.budget(for: "cost") else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: invocation.kindFormat, query: invocation.query)
            let estimate = try SpinnerRenderer(budget: budget).estimate(request)
            Console.out("format=\(estimate.format.rawValue) pixels=\(estimate.pixelSize) frames=\(estimate.frames) "
                        + "pixel-frames=\(estimate.pixelFrames) seconds=\(FixedPoint(rounding: estimate.seconds, places: 3)) "
                        + "memory-mib=\(FixedPoint(rounding: Double(estimate.peakBytes) / 1_048_576, places: 1)) effort=\(estimate.effort)"
                        + deflateWords(estimate))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }

    /// The deflate an APNG gets, as words to append (empty for the other formats):
    /// `deflate=quick` (libdeflate level 6 for every row), `deflate=ahead
    /// strongest-deflate-bytes=N` (a kind's defaults: level 12 up to N bytes of rows, zlib's
    /// level 9 beyond), or `deflate=cold deflate-levels=12,10,9` (any other URL: the cold
    /// tiers its rows can fall in, by their bytes as stored, which the estimate bounds).
    static func deflateWords(_ estimate: RenderEstimate) -> String {
        switch estimate.apngDeflate {
        case nil: ""
        case .quick: " deflate=quick"
        case .ahead(let strongestBytes): " deflate=ahead strongest-deflate-bytes=\(strongestBytes)"
        case .behind(let strongestBytes): " deflate=behind strongest-deflate-bytes=\(strongestBytes)"
        case .cold:
            " deflate=cold deflate-levels="
                + RenderCostModel.coldLibdeflateLevels(rowsAtMost: estimate.rowBytesAtMost).map(String.init).joined(separator: ",")
        }
    }
}
