import ExactTime
import SpinnerModel

/// Collects the CSS of one document: `@keyframes` (shared when equal), one class per
/// animation, and the per-element properties (delay and, for a finite number of plays,
/// the iteration count) as inline custom properties.
///
/// Every duration and delay is multiplied by `var(--s,1)`, which the reduced-motion
/// media query sets to `reducedMotionFactor`: the spinner keeps moving, slower.
final class SVGAnimations {
    /// How much slower everything moves under `prefers-reduced-motion: reduce`.
    static let reducedMotionFactor = 4

    private var keyframes = SVGNames(prefix: "k")      // @keyframes bodies
    private var classes = SVGNames(prefix: "a")        // animation rules
    private var easings = SVGNames(prefix: "--e")      // long timing functions
    /// The spinner's loop in ms and how many times it plays (0 forever).
    private let loopMilliseconds: Int
    private let plays: Int

    init(loopMilliseconds: Int, plays: Int) {
        self.loopMilliseconds = loopMilliseconds
        self.plays = plays
    }

    /// The class (and inline style, if any) that runs `body` as keyframes with `timing`
    /// over `period` ms, `offset` ms into the track at time 0; `extra` is added to the class rule.
    func animation(body: String, timing: CSSKeyframes.Timing, period: Int, offset: Rational,
                   extra: String = "") -> (className: String, style: String?) {
        let name = keyframes.name(for: body)
        let duration = SVGFormat.number(Double(period) / 1000) + "s"
        var rule = "animation:\(name) calc(\(duration)*var(--s,1)) \(timing.shorthand) \(plays == 0 ? "infinite" : "var(--n)") both"
        // A long timing function (a spring's linear()) is kept once in a custom property on
        // the root; a browser that cannot parse it falls back to the initial `ease`.
        if let better = timing.override { rule += ";animation-timing-function:var(" + easings.name(for: better) + ")" }
        let start = offset.modulo(Rational(period))  // how far into the track the element is at time 0
        rule += ";animation-delay:calc(var(--d,0s)*var(--s,1))"
        rule += extra
        let className = classes.name(for: rule)
        var style: [String] = []
        if start != .zero { style.append("--d:" + SVGFormat.number(-start.doubleValue / 1000, places: 4) + "s") }
        if plays > 0 {
            // Run until the spinner's last loop ends, so every element stops where the loop does.
            let iterations = (Rational(Int64(plays * loopMilliseconds)) + start) / Rational(period)
            style.append("--n:" + SVGFormat.number(iterations.doubleValue, places: 4))
        }
        return (className, style.isEmpty ? nil : style.joined(separator: ";"))
    }

    /// The style sheet: keyframes, animation classes, the reduced-motion factor and `extra` rules.
    func css(extra: [String]) -> String {
        var css = easings.entries.isEmpty ? "" : "svg{" + easings.entries.map { "\($0.name):\($0.content)" }.joined(separator: ";") + "}"
        css += keyframes.entries.map { "@keyframes \($0.name){\($0.content)}" }.joined()
        css += classes.entries.map { ".\($0.name){\($0.content)}" }.joined()
        if !keyframes.entries.isEmpty {
            css += "@media (prefers-reduced-motion:reduce){svg{--s:\(Self.reducedMotionFactor)}}"
        }
        return css + extra.joined()
    }
}
