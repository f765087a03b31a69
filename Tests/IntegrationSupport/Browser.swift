import Concurrency
import Foundation
import UnitSupport

/// A Python module of `spinnerd_tools` (tools/) that takes a file of jobs and prints a JSON array
/// with one result per job. The module's docstrings say each job's result; tests read it
/// through `JobResult`.
public struct JobScript: Sendable {
    /// The module, as python3's `-m` names it (`spinnerd_tools.browser`).
    public let module: String

    /// `spinnerd_tools.{name}`, run as a module.
    public init(_ name: String) {
        module = "spinnerd_tools.\(name)"
    }

    /// Runs `jobs` (see the script for their kinds) and returns what it printed. A script
    /// that fails is an error, never a skip.
    private func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        let jobFile = directory.path("jobs-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobFile))
        let result = try ExternalTool.run("python3", ["-m", module, jobFile])
        guard result.status == 0 else { throw Failure(script: module, message: result.errorText) }
        return result.output
    }

    /// Runs `jobs` and reads what the script printed, one result per job, each named by
    /// the script and its place (`browser[0]`).
    public func results(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> [JobResult] {
        try JobResult.results(of: try run(jobs, in: directory), label: String(module.split(separator: ".").last ?? ""))
    }

    /// Runs one job and reads its result.
    public func result(_ job: [String: Any], in directory: TemporaryDirectory) throws -> JobResult {
        let results = try results([job], in: directory)
        guard results.count == 1, let only = results.first else {
            throw Failure(script: module, message: "printed \(results.count) results for one job")
        }
        return only
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
}

/// Two Lottie players nobody here wrote, ThorVG and rlottie, and the Lottie
/// specification's JSON schema: `spinnerd_tools.lottie`.
public enum LottiePlayers {
    public static let script = JobScript("lottie")
}

/// dotLottie files read as the dotLottie players read them, each theme played in ThorVG:
/// `spinnerd_tools.dotlottie`.
public enum DotLottiePlayer {
    public static let script = JobScript("dotlottie")
}
