import Concurrency
import Foundation
import UnitSupport

/// A Python module of `spinnerd_tools` (tools/) that takes a file of jobs and prints a JSON array
/// with one result per job.
public struct JobScript: Sendable {
    /// The module, as python3's `-m` names it (`spinnerd_tools.browser`).
    public let module: String

    /// `spinnerd_tools.{name}`, run as a module.
    public init(_ name: String) {
        module = "spinnerd_tools.\(name)"
    }

    /// Runs `jobs` (see the script for their kinds) and returns what it printed. A script
    /// that fails is an error, never a skip.
    public func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        let jobFile = directory.path("jobs-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobFile))
        let result = try ExternalTool.run("python3", ["-m", module, jobFile])
        guard result.status == 0 else { throw Failure(script: module, message: result.errorText) }
        return result.output
    }

    /// The script exited with an error.
    public struct Failure: Error, CustomStringConvertible {
        public let script: String
        public let message: String
        public var description: String { "\(script) failed: \(message)" }
    }
}

/// A real headless Chromium (Debian's, driven by Playwright): `spinnerd_tools.browser`.
public enum Browser {
    public static let script = JobScript("browser")

    public static func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        try script.run(jobs, in: directory)
    }
}

/// Two Lottie players nobody here wrote, ThorVG and rlottie, and the Lottie
/// specification's JSON schema: `spinnerd_tools.lottie`.
public enum LottiePlayers {
    public static let script = JobScript("lottie")

    public static func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        try script.run(jobs, in: directory)
    }
}
