import CNettle
import FoundationEssentials

/// SHA-256 through Nettle, for Content-Security-Policy hashes.
enum SHA256 {
    /// The base64 of the SHA-256 of `text`'s UTF-8 bytes, as CSP's `'sha256-…'` wants it.
    static func base64Digest(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                spinnerd_sha256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return Data(digest).base64EncodedString()
    }
}
