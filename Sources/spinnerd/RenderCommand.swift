import CLinux
import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// `spinnerd render KIND[.ext][?query] [key=value …] [-o FILE] [--timings]`: the same
/// parameters and validation as the URL query; a refused kind or parameter prints the
/// typed error and exits 2, as does a file name whose extension is not the format asked
/// for. Without `-o` the file is named after the kind and format: `render circular.gif`
/// writes circular.gif, `render dots` dots.svg (SVG, as the URL without an extension).
/// It writes the image's final encode, what the service keeps; `--provisional` writes the
/// quick encode the service answers a cold URL with first (the final where there is none),
/// `--exhaustive` the final as the service keeps a kind's defaults (their APNG by zopfli).
/// `--timings` prints the render's wall time (process start excluded) and its CPU time split
/// into phases to standard error, for people and `make bench`.
enum RenderCommand {
    static func run(_ arguments: [String]) -> Int32 {
        // The heap as `serve` tunes it, so that `--timings` are what a cold URL costs there.
        _ = spinnerd_tune_heap()
        guard let invocation = Invocation.parse(arguments, command: "render", flags: ["timings", "provisional", "exhaustive"]) else { return 2 }
        // The kind first: what the words say of the file and format means nothing without it.
        guard SpinnerKind(named: invocation.kind) != nil else { return Invocation.report(RequestError.unknownKind(invocation.kind)) }
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
            let (started, cpuAtStart) = (ContinuousClock.now, PhaseTimes.processNanoseconds())
            let renderer = SpinnerRenderer(budget: budget)
            var prepared = try renderer.prepare(request)
            if invocation.flags.contains("provisional") {
                prepared = renderer.provisional(of: prepared) ?? prepared
            } else {
                prepared = renderer.behindProvisional(prepared)
            }
            if invocation.flags.contains("exhaustive") { prepared = renderer.exhaustive(prepared) }
            let image = try renderer.render(prepared, timings: timings)
            let elapsed = ContinuousClock.now - started
            let cpu = Double(PhaseTimes.processNanoseconds() &- cpuAtStart) / 1_000_000
            if invocation.flags.contains("timings") { Console.error(report(elapsed, cpu: cpu, timings)) }
            if let failure = Console.write(image.bytes, to: invocation.outputFile(for: request.format)) {
                Console.error("spinnerd: \(failure)")
                return 1
            }
            return 0
        } catch {
            return Invocation.report(error)
        }
    }

    /// `timings: wall 41.20 ms, cpu 68.35 ms = draw 20.10 + reduce 3.02 + … + other 1.20 ms`: the
    /// render's wall time (process start excluded), then its CPU time over every thread and
    /// how that splits into phases (each counting only its own time) and the rest (scene,
    /// frame plan, threads), which add up to it.
    private static func report(_ elapsed: Duration, cpu: Double, _ timings: PhaseTimes) -> String {
        func milliseconds(_ value: Double) -> String { FixedPoint(units: Int((value * 100).rounded()), places: 2).description }
        let wall = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let phases = timings.milliseconds
        let measured = phases.reduce(0) { $0 + $1.milliseconds }
        let parts = phases.map { "\($0.phase.name) \(milliseconds($0.milliseconds))" } + ["other \(milliseconds(max(0, cpu - measured)))"]
        return "timings: wall \(milliseconds(wall)) ms, cpu \(milliseconds(max(cpu, measured))) ms = " + parts.joined(separator: " + ") + " ms"
    }
}
