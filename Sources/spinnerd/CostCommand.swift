import SpinnerModel
import SpinnerRendering

/// `spinnerd cost KIND [key=value …]`: what a request would cost — frames, pixels ×
/// frames, the estimated seconds and the encoder effort — or why the budget
/// refuses it, without rendering (the service decides the same way before any work).
enum CostCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "cost", needsOutput: false) else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: nil, query: invocation.query)
            let estimate = try SpinnerRenderer(budget: BudgetEnvironment.budget).estimate(request)
            Console.out("format=\(estimate.format.rawValue) pixels=\(estimate.pixelSize) frames=\(estimate.frames) "
                        + "pixel-frames=\(estimate.pixelFrames) seconds=\(estimate.seconds) effort=\(estimate.effort)"
                        + (estimate.format == .apng ? " strongest-deflate-bytes=\(estimate.strongestDeflateBytes)" : ""))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }
}
