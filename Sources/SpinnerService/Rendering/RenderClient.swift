import HTTPServer

/// Who asked for a render, as the heavy lane's per-client share counts them: an opaque
/// key, so that the render pool knows nothing of sockets (`RenderDispatcher` makes it of
/// the request's client address).
public struct RenderClient: Hashable, Sendable {
    /// The key (for a client over IPv4, its address in host byte order).
    public let key: UInt64

    public init(_ key: UInt64) {
        self.key = key
    }

    /// The client a request's `origin` names (through trusted fronts): an IPv4 address by
    /// its value; a forwarded name (an IPv6 address, `unknown`) by its hash, kept apart from
    /// every address by the top bit.
    public init(_ origin: ClientOrigin) {
        switch origin {
        case .address(let address): key = UInt64(address.value)
        case .named(let name): key = UInt64(UInt(bitPattern: name.hashValue)) | 1 << 63
        }
    }
}
