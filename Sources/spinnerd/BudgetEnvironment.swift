import FoundationEssentials
import SpinnerModel

/// The render budget as the environment sets it (`SPINNERD_MAX_PIXEL_FRAMES`,
/// `SPINNERD_MAX_FRAMES`, `SPINNERD_MAX_RENDER_SECONDS`), for `render` and `cost` as for
/// `serve`; values that do not parse are ignored.
enum BudgetEnvironment {
    static var budget: RenderBudget {
        var budget = RenderBudget.standard
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["SPINNERD_MAX_PIXEL_FRAMES"], let value = Int(text), value > 0 { budget.maxPixelFrames = value }
        if let text = environment["SPINNERD_MAX_FRAMES"], let value = Int(text), value > 0 { budget.maxFrames = value }
        if let text = environment["SPINNERD_MAX_RENDER_SECONDS"], let value = Double(text), value > 0 { budget.maxRenderSeconds = value }
        return budget
    }
}
