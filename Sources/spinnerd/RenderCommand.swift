import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// `spinnerd render KIND[.ext] [key=value …] [-o FILE] [--timings]`: the same parameters and
/// validation as the URL query; a refused parameter prints the typed error and exits 2, as
/// does a file name whose extension is not the format asked for. `render circular.gif`
/// writes circular.gif.
/// `--timings` prints the render's time (process start excluded) and its thread time per
/// phase to standard error, for `make bench`.
enum RenderCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "render", flags: ["timings"], outputFromKind: true) else { return 2 }
        let format: OutputFormat?
        do throws(Invocation.Problem) {
            format = try invocation.format()
        } catch {
            Invocation.fail("render", error.message)
            return 2
        }
        guard let budget = BudgetEnvironment.budget(for: "render") else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: format, query: invocation.query)
            let timings = PhaseTimes(enabled: invocation.flags.contains("timings"))
            let started = ContinuousClock.now
            let image = try SpinnerRenderer(budget: budget).render(request, timings: timings)
            let elapsed = ContinuousClock.now - started
            if invocation.flags.contains("timings") { Console.error(report(elapsed, timings)) }
            if let failure = Console.write(image.bytes, to: invocation.output) {
                Console.error("spinnerd: \(failure)")
                return 1
            }
            return 0
        } catch {
            return Invocation.report(error)
        }
    }

    /// `timings: total=12.3 draw=1.2 reduce=… mux=…` in milliseconds: wall time, then thread time per phase.
    private static func report(_ elapsed: Duration, _ timings: PhaseTimes) -> String {
        func milliseconds(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }
        let total = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return "timings: total=\(milliseconds(total)) " + timings.milliseconds.map { "\($0.phase.name)=\(milliseconds($0.milliseconds))" }.joined(separator: " ")
    }
}
