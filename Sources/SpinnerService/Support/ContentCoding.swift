import HTTPServer
import ImageCodecs

/// gzip content coding (RFC 9110 §8.4.1) through zlib, and reading `Accept-Encoding`.
enum ContentCoding {
    /// `bytes` as a gzip member (zlib, level 9), or nil if zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        try? Deflate.compress(bytes, .gzip)
    }

    /// True when `Accept-Encoding` accepts gzip (listed, or `*`, with a non-zero q).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var accepted: Bool? = nil
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingOptionalWhitespace() }
            guard let coding = parts.first?.lowercased() else { continue }
            let quality = parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { accepted = quality > 0 }
            if coding == "*" && accepted == nil { accepted = quality > 0 }
        }
        return accepted ?? false
    }
}
