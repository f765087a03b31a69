/// Who asked for a render, as the heavy lane's per-client share counts them: an opaque
/// key, so that the render pool knows nothing of sockets (the service makes it of the
/// request's client address: `HTTP/RenderClient+Origin.swift`).
public struct RenderClient: Hashable, Sendable {
    /// The key (for a client over IPv4, its address in host byte order).
    public let key: UInt64

    public init(_ key: UInt64) {
        self.key = key
    }
}
