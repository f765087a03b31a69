import SpinnerModel

/// The CSS form of keyframe tracks: `@keyframes` stops and timing functions, read from
/// the model's keyframes and easings (lottie's second engine).
///
/// Linear, cubic-bezier and hold map to CSS directly (`linear`, `cubic-bezier()`,
/// `steps(1,end)`). A critically damped spring has no closed CSS form; it is written as
/// CSS Easing 2's `linear()` through points of the model's curve, placed where the curve
/// bends so that no point of the polyline is further than `Easing.approximationTolerance`
/// from it (22 points; the model cuts it, `Easing.polyline`, as it cuts Lottie's Bézier
/// pieces to the same tolerance). Browsers without `linear()` drop that declaration and keep `ease-out`.
/// When every segment of a track eases the same way, the timing function is written
/// once for the whole animation instead of at every stop.
enum CSSKeyframes {
    /// One stop: a position in the period, the values there, and how the segment that
    /// starts there moves (nil: as the animation's timing function says).
    struct Stop: Equatable {
        let fraction: Double
        let values: [Double]
        let timing: String?
    }

    /// The animation-wide timing function and, for browsers that understand it, a better one.
    struct Timing: Equatable {
        let shorthand: String
        let override: String?
    }

    /// The stops and timing of tracks that share keyframe times and easings (checked by
    /// the caller), with the values of every track at each stop.
    static func keyframes(_ tracks: [KeyframeTrack]) -> (stops: [Stop], timing: Timing) {
        guard let first = tracks.first else { return ([], Timing(shorthand: "linear", override: nil)) }
        let easings = first.keyframes.dropLast().map(\.easing)
        let shared = easings.allSatisfy { $0 == easings.first } ? easings.first : nil
        let stops = first.keyframes.indices.map { index in
            let timing = shared != nil || index == first.keyframes.count - 1 ? nil : cssTiming(easings[index])
            return Stop(fraction: first.keyframes[index].at.doubleValue, values: tracks.map { $0.keyframes[index].value },
                        timing: timing.map { $0.override ?? $0.shorthand })
        }
        return (stops, shared.map(cssTiming) ?? Timing(shorthand: "linear", override: nil))
    }

    /// The `@keyframes` body for `stops`, each stop's declarations made by `declare`.
    static func body(_ stops: [Stop], declare: ([Double]) -> String) -> String {
        stops.map { stop in
            let timing = stop.timing.map { ";animation-timing-function:" + $0 } ?? ""
            return SVGFormat.percent(stop.fraction) + "{" + declare(stop.values) + timing + "}"
        }.joined()
    }

    private static func cssTiming(_ easing: Easing) -> Timing {
        switch easing {
        case .linear:
            return Timing(shorthand: "linear", override: nil)
        case .hold:
            return Timing(shorthand: "steps(1,end)", override: nil)
        case .cubicBezier(let curve):
            let numbers = [curve.x1, curve.y1, curve.x2, curve.y2].map { SVGFormat.number($0) }
            return Timing(shorthand: "cubic-bezier(" + numbers.joined(separator: ",") + ")", override: nil)
        case .criticallyDampedSpring:
            let points = easing.polyline().map { point in
                SVGFormat.number(point.progress, places: 4) + " " + SVGFormat.number(point.share * 100, places: 2) + "%"
            }
            return Timing(shorthand: "ease-out", override: "linear(" + points.joined(separator: ",") + ")")
        }
    }
}
