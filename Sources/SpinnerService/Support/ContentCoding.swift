import CZlib

/// gzip content coding (RFC 9110 §8.4.1) through zlib, and reading `Accept-Encoding`.
enum ContentCoding {
    /// `bytes` as a gzip member (zlib with a gzip wrapper, level 9), or nil if zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16 asks zlib for the gzip header and trailer.
        guard spinnerd_deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(bound - Int(stream.total_out))
        return output
    }

    /// True when `Accept-Encoding` accepts gzip (listed, or `*`, with a non-zero q).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var accepted: Bool? = nil
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: " \t") }
            guard let coding = parts.first?.lowercased() else { continue }
            let quality = parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { accepted = quality > 0 }
            if coding == "*" && accepted == nil { accepted = quality > 0 }
        }
        return accepted ?? false
    }
}

extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
