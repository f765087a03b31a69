import Foundation
import TestSupport

/// A Python script under `Tests/Support` that takes a file of jobs and prints a JSON array
/// with one result per job.
public struct JobScript: Sendable {
    /// The script's path.
    public let path: String

    /// `Tests/Support/{name}`.
    public init(_ name: String) {
        path = Repository.root.appendingPathComponent("Tests/Support/\(name)").path
    }

    /// Runs `jobs` (see the script for their kinds) and returns what it printed. A script
    /// that fails is an error, never a skip.
    public func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        let jobFile = directory.path("jobs-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobFile))
        let result = try ExternalTool.run("python3", [path, jobFile])
        guard result.status == 0 else { throw Failure(script: path, message: result.errorText) }
        return result.output
    }

    /// The script exited with an error.
    public struct Failure: Error, CustomStringConvertible {
        public let script: String
        public let message: String
        public var description: String { "\(URL(fileURLWithPath: script).lastPathComponent) failed: \(message)" }
    }
}

/// A real headless Chromium (Debian's, driven by Playwright): `Tests/Support/browser.py`.
public enum Browser {
    public static let script = JobScript("browser.py")

    public static func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        try script.run(jobs, in: directory)
    }
}

/// Two Lottie players nobody here wrote, ThorVG and rlottie, and the Lottie
/// specification's JSON schema: `Tests/Support/lottie.py`.
public enum LottiePlayers {
    public static let script = JobScript("lottie.py")

    public static func run(_ jobs: [[String: Any]], in directory: TemporaryDirectory) throws -> Data {
        try script.run(jobs, in: directory)
    }
}
