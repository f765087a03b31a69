/// A fully validated request for one spinner image: format, the shared options and the
/// kind's own, each decoded into typed values with the defaults filled in. It can only be
/// made by `parse`, so holding one means the input was checked once, at the edge.
public struct SpinnerRequest: Hashable, Sendable {
    /// Which file format.
    public let format: OutputFormat
    /// Size, scale, background, theme, fps, loops, matte, title, t.
    public let shared: SharedOptions
    /// The kind and its own parameters.
    public let options: SpinnerOptions

    init(format: OutputFormat, shared: SharedOptions, options: SpinnerOptions) {
        self.format = format
        self.shared = shared
        self.options = options
    }

    /// Which spinner.
    public var kind: SpinnerKind { options.kind }

    /// The one text form of the request: `kind.format?key=value&…` with every applicable
    /// parameter, keys sorted and values spelled canonically. Equivalent requests
    /// (`duration=1` and `duration=1.00`, any order, defaults omitted or given) share it.
    public var canonicalForm: String {
        let shared = kind.sharedBindings.filter { $0.definition.formats.contains(format) }
            .compactMap { binding in binding.read(self.shared).map { (name: binding.name, value: $0) } }
        let query = (shared + options.values).sorted { $0.name < $1.name }
            .map { "\($0.name.rawValue)=\($0.value.canonicalText)" }
            .joined(separator: "&")
        return "\(kind.rawValue).\(format.rawValue)?\(query)"
    }
}

extension SpinnerRequest {
    /// The `size` values a request accepts, in CSS pixels (8 to 1 024).
    public var sizeRange: ClosedRange<Int> { integerRange(of: .size) ?? shared.size...shared.size }
    /// The `fps` values a request accepts (1 to 60).
    public var fpsRange: ClosedRange<Int> { integerRange(of: .fps) ?? shared.fps...shared.fps }

    /// This request at another `size` (CSS pixels), everything else as it is.
    public func resized(to size: Int) -> SpinnerRequest {
        var shared = shared
        shared.size = size
        return SpinnerRequest(format: format, shared: shared, options: options)
    }

    /// This request at another `fps`, everything else as it is.
    public func paced(at fps: Int) -> SpinnerRequest {
        var shared = shared
        shared.fps = fps
        return SpinnerRequest(format: format, shared: shared, options: options)
    }

    private func integerRange(of name: ParameterName) -> ClosedRange<Int>? {
        guard case .integer(_, let range)? = kind.definition(of: name)?.type else { return nil }
        return range
    }
}
