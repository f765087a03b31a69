import Foundation

/// The one wait the tests use: for a state, polling every `interval` seconds, true once
/// `condition` holds; false if it still does not after `seconds`, a bound on a hang far
/// beyond what any machine needs (never a time the test asserts, never a fixed sleep). An
/// error `condition` throws (a probe that failed) ends the wait and is thrown on.
public func waitUntil(seconds: Double = 60, every interval: Double = 0.005, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: interval)
    }
    return true
}
