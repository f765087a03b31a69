import CNettle
import FoundationEssentials

/// Signed spinner URLs for public deployments (what imgproxy's key and salt, or thumbor's
/// security key, do): a spinner URL must carry `sig=`, the HMAC-SHA256 of its canonical
/// form under one of the keys, so only URLs the operator made are rendered. The canonical
/// form is the cache key, so every equivalent spelling (`circular.gif` and
/// `circular?format=gif`, any order, defaults given or not) shares one signature.
public struct URLSigning: Sendable {
    /// The keys, the first one signing (`spinnerd sign`); every one verifies, so a new key
    /// can be added before URLs signed with the old one are retired. Secret: never shown.
    private let keys: [[UInt8]]

    /// Shortest key accepted, in bytes: HMAC keys shorter than the hash's output weaken it.
    public static let minimumKeyLength = 16

    /// Keys from their text (UTF-8), or nil when one is shorter than `minimumKeyLength`.
    public init?(keys: [String]) {
        let bytes = keys.map { Array($0.utf8) }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0.count >= Self.minimumKeyLength }) else { return nil }
        self.keys = bytes
    }

    /// Keys from `--signing-key` or `SPINNERD_SIGNING_KEY`: comma-separated.
    public init?(list: String) {
        self.init(keys: list.split(separator: ",").map(trimmingWhitespace).filter { !$0.isEmpty })
    }

    /// The query parameter carrying the signature.
    public static let parameter = "sig"

    /// `sig` for `canonicalForm` under the first key: base64url without padding, 43 characters.
    public func signature(of canonicalForm: String) -> String {
        Self.base64URL(Self.hmac(key: keys[0], message: Array(canonicalForm.utf8)))
    }

    /// Length of every `sig`: 32 bytes of HMAC-SHA256 in base64url without padding.
    public static let signatureLength = 43

    /// True when `signature` could be a signature at all (43 base64url characters): what
    /// is not is refused without computing any HMAC.
    public static func isWellFormed(_ signature: String) -> Bool {
        signature.utf8.count == Self.signatureLength && signature.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }

    /// True when `signature` is `canonicalForm`'s under one of the keys, compared in time
    /// that does not depend on where the bytes differ.
    public func verifies(_ signature: String, of canonicalForm: String) -> Bool {
        let given = Array(signature.utf8)
        let message = Array(canonicalForm.utf8)
        var matched = false
        for key in keys {
            // Every key is tried, whatever matched before, so the time says nothing of which.
            if Self.constantTimeEqual(given, Array(Self.base64URL(Self.hmac(key: key, message: message)).utf8)) { matched = true }
        }
        return matched
    }

    /// HMAC-SHA256 (RFC 2104) of `message` under `key`, through Nettle.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        key.withUnsafeBufferPointer { key in
            message.withUnsafeBufferPointer { message in
                digest.withUnsafeMutableBufferPointer { output in
                    spinnerd_hmac_sha256(key.baseAddress, key.count, message.baseAddress, message.count, output.baseAddress)
                }
            }
        }
        return digest
    }

    /// Equal lengths and bytes, looking at every byte whatever the first difference.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// RFC 4648 §5 base64url without padding: safe in a query without escaping.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let base64 = Data(bytes).base64EncodedString().utf8
        return String(decoding: base64.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }, as: UTF8.self)
    }
}

/// `text` without white space at either end, scalar by scalar, as Foundation's
/// `trimmingCharacters(in: .whitespaces)` (which FoundationEssentials lacks) trims: the
/// tab, the space separators (Zs) and U+200B, the set of `CharacterSet.whitespaces`.
private func trimmingWhitespace(_ text: Substring) -> String {
    func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000 ... 0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
          let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
    return String(scalars[first ... last])
}
