/// GIF delays are whole centiseconds, and browsers slow any delay under 2 cs to 10 cs.
/// Frame boundaries are rounded to the centisecond from their exact start times (not
/// delay by delay), so the delays sum to the total time without drift; frames that
/// would get less than 2 cs are dropped, their time given to the frame before.
enum GIFTiming {
    /// Shortest delay browsers honour, in centiseconds.
    static let minimumDelay = 2

    /// The frames to keep (indices into `durations`) and the delay of each, in centiseconds.
    static func schedule(_ durations: [FrameDuration]) -> [(frame: Int, delay: Int)] {
        // Exact start of every frame, and the end, in centiseconds rounded half up.
        var boundaries = FrameDuration.boundaries(of: durations, unitsPerSecond: 100)
        let end = max(boundaries.removeLast(), Int64(minimumDelay))
        var kept = Array(durations.indices)
        while kept.count > 1 {
            let starts = kept.map { boundaries[$0] }
            let ends = Array(starts.dropFirst()) + [end]
            guard let short = starts.indices.first(where: { ends[$0] - starts[$0] < Int64(minimumDelay) }) else { break }
            kept.remove(at: short == 0 ? 1 : short)  // the first frame holds time 0, so it stays
        }
        let starts = kept.map { boundaries[$0] }
        let ends = Array(starts.dropFirst()) + [end]
        return zip(kept, zip(starts, ends)).map { ($0, Int($1.1 - $1.0)) }
    }
}
