import Concurrency

/// Problem reports that can come thousands of times a second (refused connections,
/// failing accepts) written at most once per interval: the first at once, the rest
/// counted and summed up in the next line. A flood of clients never becomes a flood of
/// log lines.
final class ThrottledLog: Sendable {
    private struct State {
        var lastLine: Int64 = .min
        /// Reports since the last line, by text, in first-seen order.
        var counts: [(text: String, count: Int)] = []
    }

    /// Least time between two lines, in milliseconds. Default 1 s.
    let interval: Int64
    private let write: @Sendable (String) -> Void
    private let state = Locked(State())

    init(interval: Int64 = 1000, write: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.write = write
    }

    /// Counts one occurrence of `text` at `now`, and writes a line if one is due.
    func report(_ text: String, at now: Int64) {
        state.withLock { state in
            if let index = state.counts.firstIndex(where: { $0.text == text }) {
                state.counts[index].count += 1
            } else {
                state.counts.append((text, 1))
            }
        }
        flushIfDue(at: now)
    }

    /// Writes what was counted, if the interval since the last line has passed.
    func flushIfDue(at now: Int64) {
        let line: String? = state.withLock { state in
            guard !state.counts.isEmpty, state.lastLine == .min || now - state.lastLine >= interval else { return nil }
            defer {
                state.counts = []
                state.lastLine = now
            }
            return state.counts.map { $0.count == 1 ? $0.text : "\($0.text) (×\($0.count))" }.joined(separator: "; ")
        }
        if let line { write(line) }
    }
}
