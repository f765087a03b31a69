import Foundation

/// The repository's root and its documents, found from this file's own path.
public enum Repository {
    /// The package root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The README and every page under `docs/`, one after the other.
    public static func documentation() throws -> String {
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try ([root.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }
}
