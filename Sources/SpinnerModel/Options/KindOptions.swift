/// One kind's own parameters, decoded into properties whose initial values are the
/// defaults (the only place they are stated).
public protocol KindOptions: Hashable, Sendable {
    /// Every parameter at its default.
    init()
    /// The kind's own parameters, each bound to its property.
    static var bindings: [OptionBinding<Self>] { get }
}
