import Concurrency
import Foundation
import UnitSupport

/// The programs the integration tests run from the repository and the build.
extension Repository {
    /// `spinnerd_tools.imagetool`, the Pillow front end, as python3 runs it.
    public static let imageTool = ["-m", "spinnerd_tools.imagetool"]

    /// The `spinnerd` executable next to the test bundle (built by `swift build`/`swift test`).
    public static var spinnerd: String {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        for directory in [bundleDirectory, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("spinnerd").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/spinnerd").path
    }
}
