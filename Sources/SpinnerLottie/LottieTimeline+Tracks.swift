import ExactTime
import SpinnerModel

/// A model value (`AnimatedValue`) as a Lottie property's content on this timeline: fixed
/// when constant, else keyframes over the whole loop.
///
/// A track with a period shorter than the loop is written once per repetition; one that
/// starts part-way into its period (an offset, as a delay in the seeds) starts with the
/// keyframe before time 0 (a negative frame) so that frame 0 falls inside a segment, as
/// its value then does. Angles add their drift each repetition (a turn is 0 → 360 →
/// 720 …), so the motion stays continuous. Every keyframe but the last carries its easing
/// (one keyframe per Bézier piece the model cuts the easing into, `Easing.bezierPieces`).
extension LottieTimeline {
    /// How model values become Lottie's: a factor (100 for opacities and trims) and
    /// whether the value is an angle (repetitions then drift).
    struct Unit {
        /// Lottie units per model unit.
        let factor: Double
        /// True for angles, whose repetitions carry on from where the last ended.
        let isAngle: Bool

        /// Opacity 0...1 → 0...100.
        static let opacity = Unit(factor: 100, isAngle: false)
        /// Trim fraction → percent.
        static let trim = Unit(factor: 100, isAngle: false)
        /// Degrees.
        static let degrees = Unit(factor: 1, isAngle: true)
    }

    /// `value` (in model units) in Lottie units, its keyframes covering `span` ms from time
    /// 0 (default: the loop).
    func content(_ value: AnimatedValue, _ unit: Unit, span: Int? = nil) -> LottieProperty<Double>.Content {
        switch value {
        case .constant(let number):
            return .fixed(number * unit.factor)
        case .track(let track, let offset):
            return .keyframed(keyframes(track, offset: offset, unit: unit, span: span ?? loopMilliseconds))
        }
    }

    /// The keyframes of `track`, `offset` ms into it at time 0, covering `span` ms.
    private func keyframes(_ track: KeyframeTrack, offset: Rational, unit: Unit, span: Int) -> [LottieKeyframe<Double>] {
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
        var written: [LottieKeyframe<Double>] = []
        for (index, point) in kept.enumerated() {
            let value = point.value * unit.factor
            guard index + 1 < kept.count, let easing = point.easing else {
                written.append(LottieKeyframe(frame: frame(point.time), value: value, easing: .final))
                continue
            }
            let next = kept[index + 1]
            let (from, to) = (point.time, next.time)
            let change = next.value * unit.factor - value
            for piece in easing.bezierPieces() {
                let time = from + (to - from) * Rational(Int64((piece.startShare * 10_000).rounded()), 10_000)
                let eased: LottieKeyframe<Double>.Easing = piece.controls.map { controls in
                    .eased(out: LottieTangent(x: controls.x1, y: controls.y1), in: LottieTangent(x: controls.x2, y: controls.y2))
                } ?? .hold
                written.append(LottieKeyframe(frame: frame(time), value: value + change * piece.startProgress, easing: eased))
            }
        }
        return written
    }
}
