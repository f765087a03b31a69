/// One parameter of an options type: its definition (what validation, `/spinners` and
/// openapi.yaml read) and the property its value lives in. The constructors take the
/// definition's default from the options type's defaults, so each default is stated
/// once, where its property is declared, and a parameter without a property does not
/// compile.
public struct OptionBinding<Options>: Sendable {
    /// Name, summary, type with default and range, formats.
    public let definition: ParameterDefinition
    /// The value to write in the canonical form; nil when absent (absence has its own meaning).
    let read: @Sendable (Options) -> ParameterValue?
    /// Stores a validated value (one of the definition's type).
    let write: @Sendable (inout Options, ParameterValue) -> Void

    /// The definition's name.
    public var name: ParameterName { definition.name }
}

extension OptionBinding {
    /// This binding, but left out of the canonical form (and so of cache keys and ETags)
    /// while its value is `value`: for a parameter added after URLs were cached, whose
    /// default must keep every earlier URL's key (`quality=100`, lossless).
    func keyedUnless(_ value: ParameterValue) -> Self {
        let read = read
        return OptionBinding(definition: definition, read: { options in read(options).flatMap { $0 == value ? nil : $0 } },
                             write: write)
    }

    /// A whole number in `range`.
    static func integer(_ path: WritableKeyPath<Options, Int> & Sendable, _ name: ParameterName, _ summary: String,
                        range: ClosedRange<Int>, defaults: Options, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .integer(default: defaults[keyPath: path], range: range), formats: formats),
            read: { .integer($0[keyPath: path]) },
            write: { options, value in if case .integer(let number) = value { options[keyPath: path] = number } })
    }

    /// A length in points (hundredths) in `range`.
    static func points(_ path: WritableKeyPath<Options, Points> & Sendable, _ name: ParameterName, _ summary: String,
                       range: ClosedRange<Double>, defaults: Options) -> Self {
        let bounds = Points(range.lowerBound).fixed ... Points(range.upperBound).fixed
        return OptionBinding(
            definition: ParameterDefinition(name, summary, .decimal(default: defaults[keyPath: path].fixed, range: bounds, unit: "pt", absent: nil)),
            read: { .decimal($0[keyPath: path].fixed) },
            write: { options, value in if case .decimal(let number) = value { options[keyPath: path] = Points(fixed: number) } })
    }

    /// A length in points (hundredths) in `range` whose absence has its own meaning
    /// (`absent` says what), absent by default.
    static func optionalPoints(_ path: WritableKeyPath<Options, Points?> & Sendable, _ name: ParameterName, _ summary: String,
                               range: ClosedRange<Double>, absent: String) -> Self {
        let bounds = Points(range.lowerBound).fixed ... Points(range.upperBound).fixed
        return OptionBinding(
            definition: ParameterDefinition(name, summary, .decimal(default: nil, range: bounds, unit: "pt", absent: absent)),
            read: { $0[keyPath: path].map { .decimal($0.fixed) } },
            write: { options, value in if case .decimal(let number) = value { options[keyPath: path] = Points(fixed: number) } })
    }

    /// A time in seconds (three places, or `ms`) from `range` ms.
    static func seconds(_ path: WritableKeyPath<Options, Milliseconds> & Sendable, _ name: ParameterName, _ summary: String,
                        range: ClosedRange<Int>, defaults: Options, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        let bounds = Milliseconds(range.lowerBound).fixed ... Milliseconds(range.upperBound).fixed
        return OptionBinding(
            definition: ParameterDefinition(name, summary, .decimal(default: defaults[keyPath: path].fixed, range: bounds, unit: "s", absent: nil),
                                            formats: formats),
            read: { .decimal($0[keyPath: path].fixed) },
            write: { options, value in if case .decimal(let number) = value { options[keyPath: path] = Milliseconds(number.units) } })
    }

    /// A plain decimal in `range`, kept to the default's places.
    static func decimal(_ path: WritableKeyPath<Options, FixedPoint> & Sendable, _ name: ParameterName, _ summary: String,
                        range: ClosedRange<FixedPoint>, defaults: Options, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .decimal(default: defaults[keyPath: path], range: range, unit: nil, absent: nil),
                                            formats: formats),
            read: { .decimal($0[keyPath: path]) },
            write: { options, value in if case .decimal(let number) = value { options[keyPath: path] = number } })
    }

    /// A colour, always present (its default is one).
    static func color(_ path: WritableKeyPath<Options, ColorValue> & Sendable, _ name: ParameterName, _ summary: String,
                      defaults: Options, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .color(default: defaults[keyPath: path], absent: defaults[keyPath: path].canonicalText),
                                            formats: formats),
            read: { .color($0[keyPath: path]) },
            write: { options, value in if case .color(let color) = value { options[keyPath: path] = color } })
    }

    /// A colour or gradient, always present (its default is a colour).
    static func paint(_ path: WritableKeyPath<Options, PaintValue> & Sendable, _ name: ParameterName, _ summary: String,
                      defaults: Options, conic: Bool = true) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .paint(default: defaults[keyPath: path], absent: defaults[keyPath: path].canonicalText,
                                                                  conic: conic)),
            read: { .paint($0[keyPath: path]) },
            write: { options, value in if case .paint(let paint) = value { options[keyPath: path] = paint } })
    }

    /// A colour or gradient whose absence has its own meaning (`absent` says what), absent by default.
    static func optionalPaint(_ path: WritableKeyPath<Options, PaintValue?> & Sendable, _ name: ParameterName, _ summary: String,
                              absent: String) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .paint(default: nil, absent: absent, conic: true)),
            read: { $0[keyPath: path].map(ParameterValue.paint) },
            write: { options, value in if case .paint(let paint) = value { options[keyPath: path] = paint } })
    }

    /// A drop shadow, absent by default (`absent` says what that means).
    static func optionalDropShadow(_ path: WritableKeyPath<Options, DropShadowValue?> & Sendable, _ name: ParameterName, _ summary: String,
                                   absent: String) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .dropShadow(absent: absent)),
            read: { $0[keyPath: path].map(ParameterValue.dropShadow) },
            write: { options, value in if case .dropShadow(let shadow) = value { options[keyPath: path] = shadow } })
    }

    /// One of a set of named choices, matched case-insensitively.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ path: WritableKeyPath<Options, Choice> & Sendable, _ name: ParameterName, _ summary: String, defaults: Options,
        formats: Set<OutputFormat> = Set(OutputFormat.allCases)
    ) -> Self where Choice.RawValue == String {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .choice(default: defaults[keyPath: path].rawValue,
                                                                   options: Choice.allCases.map(\.rawValue)), formats: formats),
            read: { .choice($0[keyPath: path].rawValue) },
            write: { options, value in
                if case .choice(let text) = value, let choice = Choice(rawValue: text) { options[keyPath: path] = choice }
            })
    }

    /// A token of at most `maxLength` URL-safe characters; left out of the canonical form
    /// while empty (absent).
    static func token(_ path: WritableKeyPath<Options, String> & Sendable, _ name: ParameterName, _ summary: String,
                      maxLength: Int, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .token(maxLength: maxLength), formats: formats),
            read: { options in options[keyPath: path].isEmpty ? nil : .text(options[keyPath: path]) },
            write: { options, value in if case .text(let text) = value { options[keyPath: path] = text } })
    }

    /// Text for people, at most `maxLength` bytes.
    static func text(_ path: WritableKeyPath<Options, String> & Sendable, _ name: ParameterName, _ summary: String,
                     maxLength: Int, defaults: Options, formats: Set<OutputFormat> = Set(OutputFormat.allCases)) -> Self {
        OptionBinding(
            definition: ParameterDefinition(name, summary, .text(default: defaults[keyPath: path], maxLength: maxLength), formats: formats),
            read: { .text($0[keyPath: path]) },
            write: { options, value in if case .text(let text) = value { options[keyPath: path] = text } })
    }
}
