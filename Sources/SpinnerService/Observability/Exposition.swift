import SpinnerModel

/// One scrape's Prometheus text exposition (version 0.0.4), written family by family by the
/// sources the service registered (`MetricsSource`).
struct Exposition {
    /// What a family's samples are.
    enum Kind: String {
        case counter, gauge, histogram
    }

    private var lines: [String] = []

    /// The text: every line written, each ended by a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A family: its help, its kind and one sample per label set (`{lane="quick"}`, or ""
    /// for none).
    mutating func family(_ name: String, _ kind: Kind, _ help: String, _ samples: [(labels: String, value: String)]) {
        lines.append("# HELP \(name) \(help)")
        lines.append("# TYPE \(name) \(kind.rawValue)")
        for (labels, value) in samples { lines.append(name + labels + " " + value) }
    }

    /// A family of one sample without labels.
    mutating func family(_ name: String, _ kind: Kind, _ help: String, _ value: Int) {
        family(name, kind, help, [("", String(value))])
    }

    /// A histogram family: one histogram per label set (`lane="quick"`, or "" for none).
    mutating func histograms(_ name: String, _ help: String, _ histograms: [(labels: String, histogram: Histogram)]) {
        lines.append("# HELP \(name) \(help)")
        lines.append("# TYPE \(name) histogram")
        for (labels, histogram) in histograms { lines += histogram.lines(name, labels: labels) }
    }

    /// One sample per format, labelled by it, in the formats' name order.
    static func byFormat<Value>(_ values: [OutputFormat: Value], _ text: (Value) -> String) -> [(labels: String, value: String)] {
        values.sorted { $0.key.rawValue < $1.key.rawValue }.map { ("{format=\"\($0.key.rawValue)\"}", text($0.value)) }
    }

    /// A number as Prometheus reads it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// A part of the service with figures in `/metrics`: registered once with the service, asked
/// at each scrape to write its families (its counters as they are, its gauges read now).
protocol MetricsSource: Sendable {
    func expose(into exposition: inout Exposition)
}
