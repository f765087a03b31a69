import HTTPServer

extension RenderClient {
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
