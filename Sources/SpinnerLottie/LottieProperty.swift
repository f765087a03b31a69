import ExactTime
import SpinnerModel

/// A Lottie property from a model value: `{"a":0,"k":…}` when fixed, else keyframes over
/// the whole loop.
///
/// A track with a period shorter than the loop is written once per repetition; one that
/// starts part-way into its period (an offset, as a delay in the seeds) starts with the
/// keyframe before time 0 (a negative frame) so that frame 0 falls inside a segment, as
/// its value then does. Angles add their drift each repetition (a turn is 0 → 360 →
/// 720 …), so the motion stays continuous. Keyframes follow rlottie's rules: every one
/// but the last carries its easing (`o`/`i` tangents, or `h` for a hold), the last only
/// its time and value. Keyframes are written as the exporter writes them: `i`, `o`, `t`,
/// `s` (`t`, `s`, `h` for a hold), values always in arrays, easings in arrays too (Qt's
/// player reads a scalar property's tangents only from arrays).
enum LottieProperty {
    /// How model values become Lottie's: a factor (100 for opacities and trims) and
    /// whether the value is an angle (repetitions then drift).
    struct Unit {
        let factor: Double
        let isAngle: Bool

        /// Opacity 0...1 → 0...100.
        static let opacity = Unit(factor: 100, isAngle: false)
        /// Trim fraction → percent.
        static let trim = Unit(factor: 100, isAngle: false)
        /// Degrees.
        static let degrees = Unit(factor: 1, isAngle: true)
    }

    /// A fixed property, the `index`-th of its item (`ix`, as the exporter numbers them).
    static func fixed(_ value: LottieValue, index: Int) -> LottieValue {
        .object([("a", .int(0)), ("k", value), ("ix", .int(index))])
    }

    /// `value` (in model units) as a Lottie property on `timeline`, its keyframes covering
    /// `span` ms from time 0 (default: the loop); the `index`-th of its item.
    static func scalar(_ value: AnimatedValue, _ unit: Unit, timeline: LottieTimeline, span: Int? = nil, index: Int) -> LottieValue {
        switch value {
        case .constant(let number):
            return fixed(.number(number * unit.factor), index: index)
        case .track(let track, let offset):
            return .object([("a", .int(1)), ("k", .array(keyframes(track, offset: offset, unit: unit, timeline: timeline,
                                                                       span: span ?? timeline.loopMilliseconds))),
                            ("ix", .int(index))])
        }
    }

    /// The keyframes of `track`, `offset` ms into it at time 0, covering `span` ms.
    private static func keyframes(_ track: KeyframeTrack, offset: Rational, unit: Unit, timeline: LottieTimeline,
                                  span: Int) -> [LottieValue] {
        let period = track.period
        let start = offset.modulo(period)  // how far into the track the value is at time 0
        let repeats = (span + track.periodMilliseconds - 1) / track.periodMilliseconds
        let first = track.keyframes[0].value, last = track.keyframes[track.keyframes.count - 1].value
        let drift = unit.isAngle ? last - first : 0
        // (time in ms, value, easing to the next) for every repetition that reaches the loop.
        var points: [(time: Rational, value: Double, easing: Easing?)] = []
        for repetition in 0 ... repeats {
            let base = period * Rational(Int64(repetition)) - start
            for keyframe in track.keyframes.dropLast() {
                points.append((base + keyframe.at * period, keyframe.value + drift * Double(repetition), keyframe.easing))
            }
        }
        points.append((period * Rational(Int64(repeats + 1)) - start, last + drift * Double(repeats), nil))
        // From the last keyframe at or before 0 to the first at or after the span's end.
        let loop = Rational(Int64(span))
        let from = points.lastIndex { $0.time <= .zero } ?? 0
        let to = points.firstIndex { $0.time >= loop } ?? points.count - 1
        let kept = Array(points[from ... to])
        var written: [LottieValue] = []
        for (index, point) in kept.enumerated() {
            let value = point.value * unit.factor
            guard index + 1 < kept.count, let easing = point.easing else {
                written.append(.object([("t", .number(timeline.frame(point.time))), ("s", .array([.number(value)]))]))
                continue
            }
            let next = kept[index + 1]
            let (from, to) = (point.time, next.time)
            let change = next.value * unit.factor - value
            for piece in easing.bezierPieces() {
                let time = from + (to - from) * Rational(Int64((piece.startShare * 10_000).rounded()), 10_000)
                let at: [(String, LottieValue)] = [("t", .number(timeline.frame(time))),
                                                   ("s", .array([.number(value + change * piece.startProgress)]))]
                if let controls = piece.controls {
                    written.append(.object([
                        ("i", .object([("x", .array([.number(controls.x2)])), ("y", .array([.number(controls.y2)]))])),
                        ("o", .object([("x", .array([.number(controls.x1)])), ("y", .array([.number(controls.y1)]))])),
                    ] + at))
                } else {
                    written.append(.object(at + [("h", .int(1))]))
                }
            }
        }
        return written
    }
}
