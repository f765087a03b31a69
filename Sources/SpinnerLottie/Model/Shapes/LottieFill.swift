/// A solid fill (`fl`), non-zero winding (`r` 1).
struct LottieFill: Sendable {
    /// The name (`nm`), the last part of its keypath. Default "Fill".
    var name = "Fill"
    /// The colour (`c`, ix 4), with its slot when apps may change it.
    var color: LottieProperty<LottieColor>
    /// Opacity in percent (`o`, ix 5): the colour's alpha, in the opacity slot with the colour's.
    var opacity: LottieProperty<Double>
}
