/// A colour an app can change at run time: where its paint is, as the keypath of layer,
/// group and paint names that lottie-ios `AnimationKeypath`, lottie-android `KeyPath` and
/// rlottie's property overrides follow, which paint it is, and the slot (`sid`) that
/// holds its colour, for players that read slots (ThorVG/dotLottie, lottie-web, Skottie).
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

    /// Lottie's shape item types of the paints.
    private static let types: [String: Kind] = ["fl": .fill, "st": .stroke, "gf": .gradientFill, "gs": .gradientStroke]

    /// Names from the top layer down to the paint, joined by dots: `Spinner.Puck.Stroke`.
    public let keypath: String
    public let kind: Kind
    /// The slot id of its colour, when it has one.
    public let slot: String?

    /// Every paint in `layers` (with precompositions looked up in `assets`), top first.
    static func paints(layers: [LottieValue], assets: [LottieValue]) -> [LottiePaint] {
        var byID: [String: [LottieValue]] = [:]
        for asset in assets {
            if let id = asset["id"]?.text { byID[id] = asset["layers"]?.elements ?? [] }
        }
        var found: [LottiePaint] = []
        func walkLayers(_ layers: [LottieValue], path: [String], depth: Int) {
            guard depth < 8 else { return }  // the writer nests two precompositions at most
            for layer in layers {
                let here = path + [layer["nm"]?.text ?? ""]
                if let id = layer["refId"]?.text, let inner = byID[id] {
                    walkLayers(inner, path: here, depth: depth + 1)
                } else {
                    walkItems(layer["shapes"]?.elements ?? [], path: here)
                }
            }
        }
        func walkItems(_ items: [LottieValue], path: [String]) {
            for item in items {
                let name = item["nm"]?.text ?? ""
                guard let type = item["ty"]?.text else { continue }
                if type == "gr" {
                    walkItems(item["it"]?.elements ?? [], path: path + [name])
                } else if let kind = Self.types[type] {
                    found.append(LottiePaint(keypath: (path + [name]).joined(separator: "."), kind: kind, slot: item["c"]?["sid"]?.text))
                }
            }
        }
        walkLayers(layers, path: [], depth: 0)
        return found
    }
}
