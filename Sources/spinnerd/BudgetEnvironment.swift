import FoundationEssentials
import SpinnerModel
import SpinnerService

/// The render budget as the environment sets it (`SPINNERD_MAX_PIXEL_FRAMES`,
/// `SPINNERD_MAX_FRAMES`, `SPINNERD_MAX_RENDER_SECONDS`), for `render` and `cost` as for
/// `serve`, through the same rows of `ServeSetting.all`: a value `serve` refuses is
/// refused here too (the command exits 2 naming it).
enum BudgetEnvironment {
    static var budget: Result<RenderBudget, SettingError> {
        ServeSetting.budget(environment: ProcessInfo.processInfo.environment)
    }

    /// The budget for `command`, or nil after printing why the environment's is refused
    /// (the caller exits 2).
    static func budget(for command: String) -> RenderBudget? {
        switch budget {
        case .success(let value):
            return value
        case .failure(let error):
            Invocation.fail(command, error.message)
            return nil
        }
    }
}
