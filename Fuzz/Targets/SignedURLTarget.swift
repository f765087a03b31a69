import HTTPServer
import SpinnerModel
import SpinnerService

/// Signed URLs: a URL from the bytes that the service accepts is signed as `spinnerd
/// sign` signs it (HMAC-SHA256 of the canonical form, base64url), then one byte of its
/// query or of its `sig` is changed. Asserted: the signed URL verifies; a changed `sig`
/// never does; a changed query verifies exactly when it still means the same request
/// (the same canonical form), so no spelling of another request passes.
enum SignedURLTarget {
    static let target = FuzzTarget(
        name: "signature", summary: "sign → verify; any changed byte of query or sig fails unless the request is the same",
        run: run)

    static let signing = URLSigning(keys: ["fuzzing-key-0123456789abcdef", "older-key-fedcba9876543210"])

    static func run(_ data: [UInt8]) {
        guard let signing else { return require(false, "the fuzzing keys are refused") }
        var input = FuzzBytes(data)
        let where_ = input.int(in: 0 ... 65_535), replacement = input.byte(), inSignature = input.byte() & 1 == 1
        let text = String(decoding: input.rest(), as: UTF8.self)
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]), query = parts.count > 1 ? String(parts[1]) : ""
        let canonical: String
        do throws(RequestError) { canonical = try SpinnerURL.parse(name, query: query).canonicalForm } catch { return }

        let signature = signing.signature(of: canonical)
        require(URLSigning.isWellFormed(signature), "a signature that is not well formed: \(signature)")
        require(signing.verifies(signature, of: canonical), "a signature does not verify its own URL \(canonical)")

        if inSignature {
            var bytes = Array(signature.utf8)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
            let index = where_ % bytes.count
            let new = alphabet[Int(replacement) % alphabet.count]
            guard new != bytes[index] else { return }
            bytes[index] = new
            let changed = String(decoding: bytes, as: UTF8.self)
            require(!signing.verifies(changed, of: canonical), "a sig with byte \(index) changed still verifies \(canonical)")
        } else {
            var bytes = Array(query.utf8)
            guard !bytes.isEmpty else { return }
            let index = where_ % bytes.count
            guard replacement != bytes[index] else { return }
            bytes[index] = replacement
            let changed = String(decoding: bytes, as: UTF8.self)
            let other: String
            do throws(RequestError) { other = try SpinnerURL.parse(name, query: changed).canonicalForm } catch { return }
            require(signing.verifies(signature, of: other) == (other == canonical),
                    "the sig of \(canonical) \(other == canonical ? "fails" : "passes") for \(other)")
        }
    }
}
