/// A Prometheus histogram: counts of observations at or under each bound, their sum and
/// their number.
struct Histogram: Sendable {
    /// Upper bounds of the buckets, ascending (seconds, for times).
    let bounds: [Double]
    private(set) var counts: [Int]
    private(set) var sum = 0.0
    private(set) var count = 0

    init(bounds: [Double]) {
        self.bounds = bounds
        counts = [Int](repeating: 0, count: bounds.count)
    }

    /// Records one observation (or `times` equal ones).
    mutating func record(_ value: Double, times: Int = 1) {
        for (index, bound) in bounds.enumerated() where value <= bound { counts[index] += times }
        sum += value * Double(times)
        count += times
    }

    /// The exposition lines of `name` with `labels` (`lane="quick"`, or empty).
    func lines(_ name: String, labels: String = "") -> [String] {
        let prefix = labels.isEmpty ? "" : labels + ","
        let suffix = labels.isEmpty ? "" : "{" + labels + "}"
        var lines = zip(bounds, counts).map { "\(name)_bucket{\(prefix)le=\"\(Exposition.number($0))\"} \($1)" }
        lines.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(count)")
        lines.append("\(name)_sum\(suffix) \(Exposition.number(sum))")
        lines.append("\(name)_count\(suffix) \(count)")
        return lines
    }
}
