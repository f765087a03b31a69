import Foundation

/// The deadlines a test's server gets unless the test is about them, read from
/// `Tests/test-profile.json`, the one place they are written (the Python harness reads it too).
public enum TestProfile {
    private struct Stored: Decodable {
        let render_timeout_seconds: Int
        let queue_timeout_seconds: Int
    }

    private static let stored: Stored = {
        let file = Repository.root.appendingPathComponent("Tests/test-profile.json")
        do {
            return try JSONDecoder().decode(Stored.self, from: Data(contentsOf: file))
        } catch {
            fatalError("\(file.path) is not the test profile: \(error)")
        }
    }()

    /// A render's deadline (`--render-timeout`), in whole seconds.
    public static var renderTimeoutSeconds: Int { stored.render_timeout_seconds }
    /// How long a request waits for a render lane (`--queue-timeout`), in whole seconds.
    public static var queueTimeoutSeconds: Int { stored.queue_timeout_seconds }
    /// `renderTimeoutSeconds` as a duration.
    public static var renderTimeout: Duration { .seconds(renderTimeoutSeconds) }
    /// `queueTimeoutSeconds` as a duration.
    public static var queueTimeout: Duration { .seconds(queueTimeoutSeconds) }
}
