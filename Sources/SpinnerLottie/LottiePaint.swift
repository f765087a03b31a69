/// A colour an app can change at run time: where its paint is, as the keypath of layer,
/// group and paint names that lottie-ios `AnimationKeypath`, lottie-android `KeyPath` and
/// rlottie's property overrides follow, which paint it is, and the slot (`sid`) that
/// holds its colour, for players that read slots (ThorVG/dotLottie, lottie-web, Skottie).
/// The builders record each paint as they write it (`LottieSceneBuilder`).
public struct LottiePaint: Sendable, Equatable {
    /// The kind of paint item, as Lottie types it.
    public enum Kind: String, Sendable {
        /// `fl`: a solid fill; its colour is the keypath's `Color` property.
        case fill
        /// `st`: a solid stroke.
        case stroke
        /// `gf`: a gradient fill (no slot: its colours are stops).
        case gradientFill
        /// `gs`: a gradient stroke.
        case gradientStroke
    }

    /// Names from the top layer down to the paint, joined by dots: `Spinner.Puck.Stroke`.
    public let keypath: String
    /// Which paint item it is.
    public let kind: Kind
    /// The slot id of its colour, when it has one.
    public let slot: String?

    /// The same paint seen from one level up, inside the layer or group named `name`.
    func under(_ name: String) -> LottiePaint {
        LottiePaint(keypath: name + "." + keypath, kind: kind, slot: slot)
    }
}
