/// A line cap (`lc`).
enum LottieLineCap: Int, Sendable {
    /// Ends cut square at the path's ends.
    case butt = 1
    /// Half-circle ends.
    case round = 2
}

/// A line join (`lj`).
enum LottieLineJoin: Int, Sendable {
    /// Round corners (the only join written: the exporter adds a miter limit with a miter join).
    case round = 2
}
