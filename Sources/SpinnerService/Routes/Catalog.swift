import FoundationEssentials
import SpinnerLottie
import SpinnerModel
import SpinnerRendering

/// `GET /spinners`: every kind with its parameters (type, default, range, choices,
/// formats) and styles, generated from the same definitions that validate requests, so
/// the gallery, clients and the OpenAPI document cannot drift from the code.
public enum Catalog {
    struct Document: Codable, Equatable {
        let version: String
        let formats: [Format]
        let kinds: [Kind]
        /// The iOS system colours a colour parameter accepts by name, as the service draws them.
        let systemColors: [SystemColorEntry]
    }

    /// One iOS system colour: its name, the SwiftUI spellings that also name it, and its
    /// light and dark value (hex, eight digits when not opaque).
    struct SystemColorEntry: Codable, Equatable {
        let name: String
        let aliases: [String]
        let light: String
        let dark: String
    }

    struct Format: Codable, Equatable {
        let name: String
        /// What people call it: `WebP`, `Lottie`.
        let label: String
        let mediaType: String
        /// The path extension: `/spinner/{kind}.{extension}`.
        let `extension`: String
        let animated: Bool
        /// The encoder efforts it is made at (`thorough` for small images, `quick` past the
        /// cost model's limits; none for the documents).
        let efforts: [String]
        /// True when the service sends it gzipped to a client that accepts gzip (text: SVG,
        /// Lottie's JSON); false for the images and the dotLottie zip, compressed already.
        let gzipped: Bool
    }

    struct Kind: Codable, Equatable {
        let name: String
        let summary: String
        let naturalSize: Double
        let loopSeconds: Double
        let url: String
        let parameters: [Parameter]
        let styles: [String]?
        let lottie: Lottie
    }

    /// What an app can recolour in the kind's default Lottie document.
    struct Lottie: Codable, Equatable {
        /// Colour slot ids (`sid`) with their default colour (hex) and their opacity's slot.
        let slots: [Slot]
        /// Every paint's keypath, its kind (`fill`, `stroke`, `gradientStroke`…) and slot.
        let paints: [Paint]
    }

    struct Slot: Codable, Equatable {
        let id: String
        /// The default colour, hex (eight digits when not opaque).
        let color: String
        /// The slot of the paint's opacity, 0…100: the colour's alpha, which players keep
        /// apart from the colour (`trackOpacity` for `track`).
        let opacitySlot: String
    }

    struct Paint: Codable, Equatable {
        let keypath: String
        let paint: String
        let slot: String?
    }

    /// One parameter: what every type states (name through `styleDefaults`), then what a
    /// type adds, absent (nil, not written) where it does not apply.
    struct Parameter: Codable, Equatable {
        let name: String
        let summary: String
        /// `integer`, `number`, `color`, `paint` (a colour or any gradient), `fill` (a colour, a linear or a radial gradient),
        /// `dropshadow`, `string`.
        var type: String
        /// The default as a query value; absent when absence has its own meaning.
        var `default`: String?
        let formats: [String]
        /// `look` (shapes, colours, timing) or `output` (the file: fps, loops, scale, matte, t, title).
        let group: String
        /// For a colour whose default is the style's: each style's colours (one, or a
        /// gradient's stops), as query values.
        let styleDefaults: [String: [String]]?
        /// What leaving the parameter out means, when it has no default.
        var absent: String? = nil
        var minimum: Double? = nil
        var maximum: Double? = nil
        var unit: String? = nil
        var `enum`: [String]? = nil
        var maxLength: Int? = nil
    }

    /// The catalog as JSON (keys sorted, stable from run to run).
    public static func json(version: String) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document(version: version))).map { Array($0) } ?? []
    }

    static func document(version: String) -> Document {
        Document(
            version: version,
            formats: OutputFormat.allCases.map {
                Format(name: $0.rawValue, label: $0.displayName, mediaType: $0.mediaType, extension: $0.fileExtension, animated: $0 != .png,
                       efforts: RenderCostModel.efforts(of: $0).map { "\($0)" }, gzipped: Representation.compressible($0.mediaType))
            },
            kinds: SpinnerKind.allCases.map(kind),
            systemColors: SystemColor.allCases.map { color in
                SystemColorEntry(name: color.rawValue, aliases: SystemColor.aliases.filter { $0.value == color }.keys.sorted(),
                                 light: color.light.hex, dark: color.dark.hex)
            })
    }

    private static func kind(_ kind: SpinnerKind) -> Kind {
        // The default's loop, planned as the renderer plans it (defaults are within the budget).
        let request = try? SpinnerRequest.parse(kind: kind.rawValue, format: .apng, query: [])
        let loop = request.flatMap { try? FramePlan.loop(of: kind.scene(for: $0), budget: RenderBudget()) } ?? 0
        let styles = kind.definition(of: .style).flatMap { definition -> [String]? in
            if case .choice(_, let options) = definition.type { return options }
            return nil
        }
        return Kind(name: kind.rawValue, summary: kind.design.summary, naturalSize: kind.design.naturalSize,
                    loopSeconds: Double(loop) / 1000, url: ServicePaths.spinner(kind.rawValue),
                    parameters: kind.parameters.map { parameter($0, of: kind) }, styles: styles, lottie: lottie(kind))
    }

    /// The slots and paints of `kind`'s default Lottie document, read from the document.
    static func lottie(_ kind: SpinnerKind) -> Lottie {
        guard let request = try? SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: []),
              let document = try? LottieDocument(request: request) else {
            return Lottie(slots: [], paints: [])
        }
        return Lottie(slots: document.slots.map { Slot(id: $0.id, color: $0.color.hex, opacitySlot: LottieDocument.opacitySlot($0.id)) },
                      paints: document.paints.map { Paint(keypath: $0.keypath, paint: $0.kind.rawValue, slot: $0.slot) })
    }

    static func parameter(_ definition: ParameterDefinition, of kind: SpinnerKind) -> Parameter {
        let formats = OutputFormat.allCases.filter(definition.formats.contains).map(\.rawValue)
        let styleDefaults = kind.styleDefaults(of: definition.name).map { styles in
            Dictionary(uniqueKeysWithValues: styles.map { ($0.style, $0.colors.map(\.canonicalText)) })
        }
        let fallback = definition.defaultValue?.canonicalText
        var parameter = Parameter(name: definition.name.rawValue, summary: definition.summary, type: "string", default: fallback,
                                  formats: formats, group: definition.name.group.rawValue, styleDefaults: styleDefaults)
        switch definition.type {
        case .integer(_, let range):
            parameter.type = "integer"
            (parameter.minimum, parameter.maximum) = (Double(range.lowerBound), Double(range.upperBound))
        case .decimal(_, let range, let unit, let absent):
            parameter.type = "number"
            parameter.absent = fallback == nil ? absent : nil
            (parameter.minimum, parameter.maximum) = (range.lowerBound.doubleValue, range.upperBound.doubleValue)
            parameter.unit = unit
        case .color(_, let absent):
            parameter.type = "color"
            parameter.absent = fallback == nil ? absent : nil
        case .paint(_, let absent, let conic):
            parameter.type = conic ? "paint" : "fill"
            parameter.absent = fallback == nil ? absent : nil
            parameter.maxLength = GradientValue.maximumLength
        case .dropShadow(let absent):
            // A list (its ranges are in the summary), as openapi.yaml states it: a string.
            parameter.type = "dropshadow"
            (parameter.default, parameter.absent, parameter.maxLength) = (nil, absent, DropShadowValue.maximumLength)
        case .choice(_, let options):
            parameter.enum = options
        case .text(let value, let maxLength):
            (parameter.default, parameter.maxLength) = (value, maxLength)
        case .token(let maxLength):
            (parameter.default, parameter.absent, parameter.maxLength) = (nil, "none", maxLength)
        }
        return parameter
    }
}
