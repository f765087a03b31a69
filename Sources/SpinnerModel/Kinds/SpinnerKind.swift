/// The five spinner kinds, one per seed, addressed as `/spinner/{kind}`.
public enum SpinnerKind: String, CaseIterable, Hashable, Sendable {
    /// The kind a name means: matched without regard to case, as styles and extensions are.
    public init?(named name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// Seed 003, the CircularSpinner package: a track ring and a spring-driven puck.
    case circular
    /// Seed 000, ActivityIndicator: twelve capsules lit in turn, like UIActivityIndicatorView.
    case activity
    /// Seed 001, Spinner: eight rainbow dots pulsing on a turning ring.
    case dots
    /// Seed 002, LoadingIndicatorView: a turning arc of gradient dots.
    case arc
    /// Seed 004, Capsule loading: fifteen outlined capsules with a fading selection.
    case capsules

    /// The design that draws this kind.
    public var design: any SpinnerDesign.Type {
        switch self {
        case .circular: CircularSpinner.self
        case .activity: ActivitySpinner.self
        case .dots: DotsSpinner.self
        case .arc: ArcSpinner.self
        case .capsules: CapsulesSpinner.self
        }
    }

    /// Every parameter the kind accepts, shared ones included, sorted by key.
    public var parameters: [ParameterDefinition] { Self.tables[self]?.ordered ?? [] }

    /// The keys of `parameters`.
    public var parameterKeys: [String] { parameters.map(\.name.rawValue) }

    /// The names of the parameters that do something in `format`.
    public func parameterKeys(for format: OutputFormat) -> [String] {
        parameters.filter { $0.formats.contains(format) }.map(\.name.rawValue)
    }

    /// For a colour parameter whose default is the chosen style's (circular's `color` and
    /// `track`): each style's colours, one or a gradient's stops; nil for every other.
    public func styleDefaults(of name: ParameterName) -> [(style: String, colors: [ColorValue])]? {
        guard self == .circular else { return nil }
        switch name {
        case .color: return CircularStyle.allCases.map { ($0.rawValue, $0.puckColors) }
        case .track: return CircularStyle.allCases.map { ($0.rawValue, [$0.track]) }
        default: return nil
        }
    }

    /// The definition of `name` for this kind, if the kind accepts it.
    public func definition(of name: ParameterName) -> ParameterDefinition? {
        Self.tables[self]?.byName[name]
    }

    /// The shared parameters with this kind's default size.
    var sharedBindings: [OptionBinding<SharedOptions>] { Self.tables[self]?.shared ?? [] }

    /// Every kind's definitions, built once (validation reads them on every request).
    private static let tables: [SpinnerKind: (ordered: [ParameterDefinition], byName: [ParameterName: ParameterDefinition],
                                              shared: [OptionBinding<SharedOptions>])] = {
        var tables: [SpinnerKind: (ordered: [ParameterDefinition], byName: [ParameterName: ParameterDefinition],
                                   shared: [OptionBinding<SharedOptions>])] = [:]
        func own<Design: SpinnerDesign>(_ design: Design.Type) -> [ParameterDefinition] { Design.Options.bindings.map(\.definition) }
        for kind in SpinnerKind.allCases {
            let shared = SharedOptions.bindings(naturalSize: kind.design.naturalSize)
            let ordered = (shared.map(\.definition) + own(kind.design)).sorted { $0.name < $1.name }
            tables[kind] = (ordered, Dictionary(uniqueKeysWithValues: ordered.map { ($0.name, $0) }), shared)
        }
        return tables
    }()

    /// The complete scene for a validated request in the theme it asks for (light for `auto`).
    public func scene(for request: SpinnerRequest) -> Scene {
        scene(for: request, theme: request.shared.theme.fixed)
    }

    /// The complete scene for a validated request in `theme`.
    public func scene(for request: SpinnerRequest, theme: Theme) -> Scene {
        let pixel = design.naturalSize / Double(max(1, request.shared.size))  // one CSS pixel, in points
        return Scene(size: design.naturalSize, background: request.shared.background.paint(for: theme, side: design.naturalSize),
                     nodes: request.options.nodes(theme: theme, pixel: pixel), mirrored: request.shared.direction == .reverse)
    }
}
