/// The fronts a request may be forwarded through (IPv4 networks such as `10.0.0.0/8`, or
/// single addresses): their `X-Forwarded-For` names the client, and they are exempt from
/// the per-client connection limit (every client behind a front arrives from its address;
/// the front bounds connections per client itself).
public struct TrustedProxies: Sendable, Equatable {
    struct Network: Sendable, Equatable {
        let base: UInt32
        let mask: UInt32

        func contains(_ address: ClientAddress) -> Bool { address.value & mask == base }
    }

    let networks: [Network]

    /// No front is trusted: the peer is the client.
    public static let none = TrustedProxies(networks: [])

    init(networks: [Network]) {
        self.networks = networks
    }

    /// From `10.0.0.0/8,192.168.1.7` (IPv4 addresses and CIDR networks, comma-separated);
    /// nil when one is not.
    public init?(list: String) {
        var networks: [Network] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "/", omittingEmptySubsequences: false)
            guard (1 ... 2).contains(parts.count), let address = ClientAddress(String(parts[0])) else { return nil }
            var bits = 32
            if parts.count == 2 {
                guard let prefix = Int(parts[1]), (0 ... 32).contains(prefix), parts[1].allSatisfy(\.isASCII) else { return nil }
                bits = prefix
            }
            let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
            networks.append(Network(base: address.value & mask, mask: mask))
        }
        guard !networks.isEmpty else { return nil }
        self.init(networks: networks)
    }

    /// True when no front is trusted.
    public var isEmpty: Bool { networks.isEmpty }

    /// True when `address` is one of the trusted fronts.
    public func contains(_ address: ClientAddress) -> Bool { networks.contains { $0.contains(address) } }

    /// Who asked: the peer, unless it is a trusted front; then the `X-Forwarded-For` entry
    /// nearest the peer that is not itself a trusted front (each proxy appends the address
    /// it got the request from, so only entries added by trusted ones are believed). An
    /// entry that is not an IPv4 address stops the walk and is named as it stands (at most
    /// `ClientOrigin.longestName` characters).
    public func origin(peer: ClientAddress, forwardedFor: String?) -> ClientOrigin {
        guard var forwardedFor, contains(peer) else { return .address(peer) }
        return forwardedFor.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            switch resolve(peer: peer, forwardedFor: bytes) {
            case .address(let address): return .address(address)
            case .named(let range): return .named(ClientOrigin.bounded(String(decoding: bytes[range], as: UTF8.self)[...]))
            }
        }
    }

    /// Where the client a request names is, as `origin(peer:forwardedFor:)` finds it in the
    /// bytes of `X-Forwarded-For`: an address, or the range of an entry that is not one.
    enum ForwardedOrigin {
        case address(ClientAddress)
        case named(Range<Int>)
    }

    /// `origin(peer:forwardedFor:)` over bytes, without making any text (the access log's).
    func resolve(peer: ClientAddress, forwardedFor: UnsafeRawBufferPointer?) -> ForwardedOrigin {
        guard let forwardedFor, !networks.isEmpty, contains(peer) else { return .address(peer) }
        var nearest = peer
        var end = forwardedFor.count
        while end > 0 {
            var start = end
            while start > 0 && forwardedFor[start - 1] != UInt8(ascii: ",") { start -= 1 }
            var low = start, high = end
            while low < high && (forwardedFor[low] == UInt8(ascii: " ") || forwardedFor[low] == UInt8(ascii: "\t")) { low += 1 }
            while high > low && (forwardedFor[high - 1] == UInt8(ascii: " ") || forwardedFor[high - 1] == UInt8(ascii: "\t")) { high -= 1 }
            end = start - 1
            // An empty entry (`a,,b`, a trailing comma) is skipped, as splitting on commas would.
            guard low < high else { continue }
            guard let address = ClientAddress(ascii: UnsafeRawBufferPointer(rebasing: forwardedFor[low ..< high])) else {
                return .named(low ..< high)
            }
            nearest = address
            if !contains(address) { break }
        }
        return .address(nearest)
    }

    /// `origin(peer:forwardedFor:)` as text (what the access log writes).
    public func client(peer: ClientAddress, forwardedFor: String?) -> String {
        origin(peer: peer, forwardedFor: forwardedFor).description
    }
}

/// Who asked for a request, as the access log names them and the per-client limits count
/// them: an IPv4 address (the peer's, or one a trusted front forwarded for), or the text
/// of a forwarded entry that is not one (an IPv6 address, `unknown`).
public enum ClientOrigin: Hashable, Sendable, CustomStringConvertible {
    case address(ClientAddress)
    /// At most `longestName` characters, and `...` when the entry was longer.
    case named(String)

    /// The most characters of a forwarded entry that is not an IPv4 address kept. 64.
    public static let longestName = 64

    static func bounded(_ text: Substring) -> String {
        text.count > longestName ? String(text.prefix(longestName)) + "..." : String(text)
    }

    public var description: String {
        switch self {
        case .address(let address): address.description
        case .named(let name): name
        }
    }
}
