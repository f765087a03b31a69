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

    struct Parameter: Codable, Equatable {
        let name: String
        let summary: String
        /// `integer`, `number`, `color`, `paint` (a colour or any gradient), `fill` (a colour, a linear or a radial gradient), `string`.
        let type: String
        /// The default as a query value; absent when absence has its own meaning.
        let `default`: String?
        let absent: String?
        let minimum: Double?
        let maximum: Double?
        let unit: String?
        let `enum`: [String]?
        let maxLength: Int?
        let formats: [String]
        /// `look` (shapes, colours, timing) or `output` (the file: fps, loops, scale, matte, t, title).
        let group: String
        /// For a colour whose default is the style's: each style's colours (one, or a
        /// gradient's stops), as query values.
        let styleDefaults: [String: [String]]?
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
                       efforts: RenderCostModel.efforts(of: $0).map { "\($0)" })
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
        let group = definition.name.group.rawValue
        switch definition.type {
        case .integer(_, let range):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "integer", default: fallback,
                             absent: nil, minimum: Double(range.lowerBound), maximum: Double(range.upperBound), unit: nil,
                             enum: nil, maxLength: nil, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .decimal(_, let range, let unit, let absent):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "number", default: fallback,
                             absent: fallback == nil ? absent : nil, minimum: range.lowerBound.doubleValue, maximum: range.upperBound.doubleValue, unit: unit,
                             enum: nil, maxLength: nil, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .color(_, let absent):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "color", default: fallback,
                             absent: fallback == nil ? absent : nil, minimum: nil, maximum: nil, unit: nil, enum: nil,
                             maxLength: nil, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .paint(_, let absent, let conic):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: conic ? "paint" : "fill",
                             default: fallback, absent: fallback == nil ? absent : nil, minimum: nil, maximum: nil, unit: nil,
                             enum: nil, maxLength: GradientValue.maximumLength, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .dropShadow(let absent):
            // A list (its ranges are in the summary), as openapi.yaml states it: a string.
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "dropshadow", default: nil,
                             absent: absent, minimum: nil, maximum: nil, unit: nil, enum: nil, maxLength: 96, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .choice(_, let options):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "string", default: fallback,
                             absent: nil, minimum: nil, maximum: nil, unit: nil, enum: options, maxLength: nil, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .text(let value, let maxLength):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "string", default: value,
                             absent: nil, minimum: nil, maximum: nil, unit: nil, enum: nil, maxLength: maxLength, formats: formats, group: group,
                             styleDefaults: styleDefaults)
        case .token(let maxLength):
            return Parameter(name: definition.name.rawValue, summary: definition.summary, type: "string", default: nil,
                             absent: "none", minimum: nil, maximum: nil, unit: nil, enum: nil, maxLength: maxLength, formats: formats,
                             group: group, styleDefaults: styleDefaults)
        }
    }
}
