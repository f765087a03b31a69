import ExactTime

/// The Lottie timeline of one loop: frames numbered from 0 (`ip`) to `op`, at
/// `op · 1000 / loop` frames a second. `op` is the loop at about 60 frames a second,
/// rounded to a whole number, so a loop of any length is a whole number of frames and
/// frame `op` is frame 0 again; the rate itself may be fractional (both ThorVG and rlottie
/// accept that), and keyframes may fall between frames.
struct LottieTimeline {
    /// The loop in ms (at least 1).
    let loopMilliseconds: Int
    /// The last frame, exclusive: the loop's end.
    let outPoint: Int

    /// Frames per second the players read about.
    static let nominalRate = 60.0

    init(loopMilliseconds: Int) {
        self.loopMilliseconds = max(1, loopMilliseconds)
        outPoint = max(1, Int((Double(self.loopMilliseconds) * Self.nominalRate / 1000).rounded()))
    }

    /// Frames a second: `op` frames last exactly the loop.
    var frameRate: Double { Double(outPoint) * 1000 / Double(loopMilliseconds) }

    /// The frame at model time `milliseconds` (fractional between frames).
    func frame(_ milliseconds: Rational) -> Double {
        (milliseconds * Rational(Int64(outPoint)) / Rational(Int64(loopMilliseconds))).doubleValue
    }
}
