/// The requested kind with its own parameters decoded into its options type.
public enum SpinnerOptions: Hashable, Sendable {
    case circular(CircularSpinner.Options)
    case activity(ActivitySpinner.Options)
    case dots(DotsSpinner.Options)
    case arc(ArcSpinner.Options)
    case capsules(CapsulesSpinner.Options)

    /// Which kind.
    public var kind: SpinnerKind {
        switch self {
        case .circular: .circular
        case .activity: .activity
        case .dots: .dots
        case .arc: .arc
        case .capsules: .capsules
        }
    }

    /// `kind`'s options with the validated `given` values over its defaults (names of
    /// other kinds' or shared parameters are not `kind`'s and are passed over).
    static func decoding(_ kind: SpinnerKind, _ given: [(name: ParameterName, value: ParameterValue)]) -> SpinnerOptions {
        switch kind {
        case .circular: .circular(decode(given))
        case .activity: .activity(decode(given))
        case .dots: .dots(decode(given))
        case .arc: .arc(decode(given))
        case .capsules: .capsules(decode(given))
        }
    }

    private static func decode<Options: KindOptions>(_ given: [(name: ParameterName, value: ParameterValue)]) -> Options {
        var options = Options()
        for (name, value) in given { Options.bindings.first { $0.name == name }?.write(&options, value) }
        return options
    }

    /// Each parameter's value for the canonical form (absent ones left out).
    var values: [(name: ParameterName, value: ParameterValue)] {
        switch self {
        case .circular(let options): Self.read(options)
        case .activity(let options): Self.read(options)
        case .dots(let options): Self.read(options)
        case .arc(let options): Self.read(options)
        case .capsules(let options): Self.read(options)
        }
    }

    private static func read<Options: KindOptions>(_ options: Options) -> [(name: ParameterName, value: ParameterValue)] {
        Options.bindings.compactMap { binding in binding.read(options).map { (binding.name, $0) } }
    }

    /// Refuses values that cannot be drawn together (`SpinnerDesign.check`).
    func check() throws(RequestError) {
        switch self {
        case .circular(let options): try CircularSpinner.check(options)
        case .activity(let options): try ActivitySpinner.check(options)
        case .dots(let options): try DotsSpinner.check(options)
        case .arc(let options): try ArcSpinner.check(options)
        case .capsules(let options): try CapsulesSpinner.check(options)
        }
    }

    /// The kind's animated picture in `theme`, without background; `pixel`: one CSS pixel
    /// in points (`SpinnerDesign.nodes`).
    func nodes(theme: Theme, pixel: Double) -> [SceneNode] {
        switch self {
        case .circular(let options): CircularSpinner.nodes(for: options, theme: theme, pixel: pixel)
        case .activity(let options): ActivitySpinner.nodes(for: options, theme: theme, pixel: pixel)
        case .dots(let options): DotsSpinner.nodes(for: options, theme: theme, pixel: pixel)
        case .arc(let options): ArcSpinner.nodes(for: options, theme: theme, pixel: pixel)
        case .capsules(let options): CapsulesSpinner.nodes(for: options, theme: theme, pixel: pixel)
        }
    }
}
