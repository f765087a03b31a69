import SpinnerModel
import SpinnerRendering

/// `spinnerd render KIND [key=value …] -o FILE`: the same parameters and validation as
/// the URL query; a refused parameter prints the typed error and exits 2.
enum RenderCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "render") else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: invocation.format(), query: invocation.query)
            let image = try SpinnerRenderer(budget: BudgetEnvironment.budget).render(request)
            if let failure = Console.write(image.bytes, to: invocation.output) {
                Console.error("spinnerd: \(failure)")
                return 1
            }
            return 0
        } catch {
            return Invocation.report(error)
        }
    }
}
