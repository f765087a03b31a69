/// Values in order, each lasting a duration, where a value equal to the one before it
/// extends that one instead of being appended: identical neighbouring frames become one
/// frame that lasts their total time (the first stays first, so time 0 is kept).
struct MergedRuns<Value: Equatable, Duration> {
    private(set) var runs: [(value: Value, duration: Duration)] = []
    private let add: (Duration, Duration) -> Duration

    /// `add` sums two durations.
    init(adding add: @escaping (Duration, Duration) -> Duration) {
        self.add = add
    }

    /// Appends `value`, or lengthens the last run when it holds an equal value.
    mutating func append(_ value: Value, lasting duration: Duration) {
        if let last = runs.last, last.value == value {
            runs[runs.count - 1].duration = add(last.duration, duration)
        } else {
            runs.append((value, duration))
        }
    }
}
