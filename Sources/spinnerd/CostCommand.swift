import SpinnerModel
import SpinnerRendering

/// `spinnerd cost KIND[.ext] [key=value …]`: what a request would cost — frames, pixels ×
/// frames, the estimated seconds of one core and peak memory, and the encoder effort — or why the budget
/// refuses it, without rendering (the service decides the same way before any work).
enum CostCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "cost", needsOutput: false) else { return 2 }
        guard let budget = BudgetEnvironment.budget(for: "cost") else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: invocation.kindFormat, query: invocation.query)
            let estimate = try SpinnerRenderer(budget: budget).estimate(request)
            Console.out("format=\(estimate.format.rawValue) pixels=\(estimate.pixelSize) frames=\(estimate.frames) "
                        + "pixel-frames=\(estimate.pixelFrames) seconds=\(FixedPoint(rounding: estimate.seconds, places: 3)) "
                        + "memory-mib=\(FixedPoint(rounding: Double(estimate.peakBytes) / 1_048_576, places: 1)) effort=\(estimate.effort)"
                        + (estimate.format == .apng ? " strongest-deflate-bytes=\(estimate.strongestDeflateBytes)" : ""))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }
}
