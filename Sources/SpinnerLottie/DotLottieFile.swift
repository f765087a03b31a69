import Compression
import SpinnerModel

/// A spinner as a dotLottie file (`.lottie`), for the dotLottie players (dotlottie-web,
/// dotlottie-ios and dotlottie-android, which wrap dotlottie-rs and ThorVG): a zip archive
/// in dotLottie 2's layout, as dotlottie-rs reads it:
///
/// - `manifest.json`: `{"version":"2","generator":"spinnerd","animations":[{"id":KIND,
///   "initialTheme":…,"themes":["light","dark"]}],"themes":[{"id":"light",…},{"id":"dark",…}]}`;
/// - `a/KIND.json`: the Lottie animation (`LottieDocument`), drawn in the request's theme
///   (`auto` light), every colour and gradient in a slot (`slotsEveryPaint`);
/// - `t/light.json`, `t/dark.json`: each theme's value of every slot, as rules
///   (`{"rules":[{"id":…,"type":"Color"|"Scalar"|"Gradient","value":…}]}`), so a player
///   switches the spinner to either theme with one call (`setTheme("dark")`).
///
/// The themes hold every slot, not only those that differ, so that each theme alone sets
/// the whole picture. `initialTheme` is the request's `light` or `dark`; with `theme=auto`
/// there is none, and the app picks the OS scheme's theme.
public struct DotLottieFile: Sendable {
    /// The archive's bytes.
    public let bytes: [UInt8]

    /// The themes' ids, light first.
    public static let themes = ["light", "dark"]

    /// The file for `request` over a loop of `loopMilliseconds`: `scene` in the request's
    /// theme (`auto` drawn light) and `otherScene` in the other one, as the renderer
    /// planned them. Fails only if deflate does.
    public init(request: SpinnerRequest, scene: Scene, otherScene: Scene, loopMilliseconds: Int) throws(DeflateError) {
        let drawnDark = request.shared.theme == .dark
        let animation = LottieDocument(request: request, scene: scene, loopMilliseconds: loopMilliseconds, slotsEveryPaint: true)
        let other = LottieDocument(request: request, scene: otherScene, loopMilliseconds: loopMilliseconds, slotsEveryPaint: true)
        let (light, dark) = drawnDark ? (other, animation) : (animation, other)
        let id = request.kind.rawValue
        let initialTheme: String? = switch request.shared.theme {
        case .light: "light"
        case .dark: "dark"
        case .auto: nil
        }
        // Only the animation's slots: a theme naming another would set nothing.
        let slotIDs = Set(animation.slotValues.map(\.id))
        func theme(_ document: LottieDocument) -> [UInt8] {
            Array(Self.themeText(document.slotValues.filter { slotIDs.contains($0.id) }).utf8)
        }
        let archive = try ZipArchive([
            .init(path: "manifest.json", bytes: Array(Self.manifestText(animation: id, initialTheme: initialTheme).utf8)),
            .init(path: "a/\(id).json", bytes: animation.bytes),
            .init(path: "t/light.json", bytes: theme(light)),
            .init(path: "t/dark.json", bytes: theme(dark)),
        ])
        bytes = archive.bytes
    }

    /// The manifest of one animation `animation` with both themes.
    static func manifestText(animation: String, initialTheme: String?) -> String {
        var writer = LottieJSONWriter()
        writer.object { writer in
            writer.field("version", "2")
            writer.field("generator", "spinnerd")
            writer.field("animations") { writer in
                writer.array { writer in
                    writer.object { writer in
                        writer.field("id", animation)
                        if let initialTheme { writer.field("initialTheme", initialTheme) }
                        writer.field("themes") { writer in writer.array { writer in for theme in themes { writer.string(theme) } } }
                    }
                }
            }
            writer.field("themes") { writer in
                writer.array { writer in
                    for theme in themes {
                        writer.object { writer in
                            writer.field("id", theme)
                            writer.field("name", theme == "light" ? "Light" : "Dark")
                        }
                    }
                }
            }
        }
        return writer.text
    }

    /// A theme setting each of `slots` to its value: a colour as `Color` (`[r, g, b, 1]`,
    /// as the document writes colours), an opacity as `Scalar` (0...100), a gradient as
    /// `Gradient` (each stop's `offset` and `color` `[r, g, b, a]`).
    static func themeText(_ slots: [LottieSlot]) -> String {
        var writer = LottieJSONWriter()
        writer.object { writer in
            writer.field("rules") { writer in
                writer.array { writer in
                    for slot in slots {
                        writer.object { writer in
                            writer.field("id", slot.id)
                            switch slot.value {
                            case .color(let color):
                                writer.field("type", "Color")
                                writer.field("value") { $0.numbers(color.components) }
                            case .number(let number):
                                writer.field("type", "Scalar")
                                writer.field("value", number)
                            case .gradient(let stops):
                                writer.field("type", "Gradient")
                                writer.field("value") { writer in
                                    writer.array { writer in
                                        for stop in stops {
                                            writer.object { writer in
                                                writer.field("offset", stop.offset)
                                                writer.field("color") { $0.numbers([stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha]) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return writer.text
    }
}
