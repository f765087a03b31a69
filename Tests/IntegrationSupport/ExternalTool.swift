import Concurrency
import Foundation
import UnitSupport

/// Runs programs nobody on this project wrote (decoders, validators, the built
/// `spinnerd`) and returns what they printed. A missing program is a failure, never a
/// skip: `make test` installs them.
public enum ExternalTool {
    /// What a finished program left behind.
    public struct Result: Sendable {
        public let status: Int32
        public let output: Data
        public let errorText: String

        public var outputText: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, in
    /// `directory` when given.
    public static func run(_ executable: String, _ arguments: [String], input: Data? = nil, directory: String? = nil) throws -> Result {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty program cannot fill a pipe and stall.
        let errorData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: outputData,
                      errorText: String(decoding: errorData.value, as: UTF8.self))
    }
}
