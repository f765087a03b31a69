import Foundation

/// A real headless Chromium (Debian's, driven by Playwright): `Tests/Support/browser.py`
/// runs a list of jobs and prints one JSON result per job.
public enum Browser {
    /// `browser.py`.
    public static let script = Repository.root.appendingPathComponent("Tests/Support/browser.py").path

    /// Runs `jobs` (see `browser.py` for their kinds) and returns what it printed: a JSON
    /// array with one result per job. A browser that fails is an error, never a skip.
    public static func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        let jobFile = directory.path("jobs-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobFile))
        let result = try ExternalTool.run("python3", [script, jobFile])
        guard result.status == 0 else { throw Failure(message: result.errorText) }
        return result.output
    }

    /// browser.py exited with an error.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { "browser.py failed: \(message)" }
    }
}
