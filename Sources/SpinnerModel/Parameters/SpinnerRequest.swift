/// A fully validated request for one spinner image: kind, format and every parameter
/// that applies, with defaults filled in. It can only be made by `parse`, so holding
/// one means the input was checked once, at the edge.
public struct SpinnerRequest: Hashable, Sendable {
    /// Which spinner.
    public let kind: SpinnerKind
    /// Which file format.
    public let format: OutputFormat
    /// The value of every parameter that applies to `kind` and `format`. Parameters whose
    /// absence has its own meaning (a colour taken from the style) are absent.
    public let values: [ParameterName: ParameterValue]

    init(kind: SpinnerKind, format: OutputFormat, values: [ParameterName: ParameterValue]) {
        self.kind = kind
        self.format = format
        self.values = values
    }

    /// The one text form of the request: `kind.format?key=value&…` with every applicable
    /// parameter, keys sorted and values spelled canonically. Equivalent requests
    /// (`duration=1` and `duration=1.00`, any order, defaults omitted or given) share it.
    public var canonicalForm: String {
        let query = values.sorted { $0.key < $1.key }
            .map { "\($0.key.rawValue)=\($0.value.canonicalText)" }
            .joined(separator: "&")
        return "\(kind.rawValue).\(format.rawValue)?\(query)"
    }

    /// An integer parameter's value. The kind must declare it (programmer error otherwise).
    public func integer(_ name: ParameterName) -> Int {
        guard case .integer(let value) = values[name] else { preconditionFailure("\(name) is not an integer here") }
        return value
    }

    /// A decimal parameter's value.
    public func number(_ name: ParameterName) -> Double {
        guard case .decimal(let value) = values[name] else { preconditionFailure("\(name) is not a decimal here") }
        return value.doubleValue
    }

    /// A time parameter (seconds with 3 places) in whole milliseconds.
    public func milliseconds(_ name: ParameterName) -> Int {
        guard case .decimal(let value) = values[name], value.places == 3 else {
            preconditionFailure("\(name) is not a time here")
        }
        return value.units
    }

    /// A colour parameter as given, or nil when absent.
    public func colorValue(_ name: ParameterName) -> ColorValue? {
        guard case .color(let value) = values[name] else { return nil }
        return value
    }

    /// A colour parameter resolved for `theme`, or nil when absent.
    public func color(_ name: ParameterName, theme: Theme) -> Color? {
        colorValue(name)?.resolved(for: theme)
    }

    /// A text parameter's value.
    public func text(_ name: ParameterName) -> String {
        guard case .text(let value) = values[name] else { preconditionFailure("\(name) is not text here") }
        return value
    }

    /// The colour theme asked for: `light`, `dark`, or `auto` (follow the viewer; raster
    /// images cannot, so they use light).
    public var theme: ThemeChoice {
        guard case .choice(let value) = values[.theme] else { return .light }
        return ThemeChoice(rawValue: value) ?? .light
    }

    /// A choice parameter's canonical option.
    public func choice(_ name: ParameterName) -> String {
        guard case .choice(let value) = values[name] else { preconditionFailure("\(name) is not a choice here") }
        return value
    }
}
