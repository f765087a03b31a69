import Compression
import HTTPServer

/// gzip content coding (RFC 9110 §8.4.1) through zlib, and reading `Accept-Encoding`.
enum ContentCoding {
    /// `bytes` as a gzip member (zlib, level 9), or nil if zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        try? Deflate.compress(bytes, .gzip)
    }

    /// True when the bytes of an `Accept-Encoding` value accept gzip: `gzip` or `x-gzip`
    /// listed with a weight above zero, else `*` with one (RFC 9110 §12.5.3). A weight that
    /// is not a number counts as 1.
    static func acceptsGzip(_ header: UnsafeRawBufferPointer?) -> Bool {
        guard let header else { return false }
        var accepted: Bool? = nil
        HTTPHeaderList.forEachItem(header) { item in
            var coding: UnsafeRawBufferPointer? = nil, positive = true, weighed = false
            HTTPHeaderList.forEachItem(item, separator: UInt8(ascii: ";")) { part in
                if coding == nil {
                    coding = part
                } else if !weighed, part.count >= 2, part[0] | 0x20 == UInt8(ascii: "q"), part[1] == UInt8(ascii: "=") {
                    weighed = true
                    positive = isPositiveWeight(UnsafeRawBufferPointer(rebasing: part[2...]))
                }
                return true
            }
            guard let coding else { return true }
            if HTTPHeaderList.equalsIgnoringCase(coding, "gzip") || HTTPHeaderList.equalsIgnoringCase(coding, "x-gzip") {
                accepted = positive
            } else if HTTPHeaderList.equalsIgnoringCase(coding, "*") && accepted == nil {
                accepted = positive
            }
            return true
        }
        return accepted ?? false
    }

    /// False for a weight of zero (`0`, `0.0`, `0.000`); true for any other number, and
    /// for text that is not one.
    private static func isPositiveWeight(_ weight: UnsafeRawBufferPointer) -> Bool {
        var digits = 0, points = 0, nonZero = false
        for byte in weight {
            switch byte {
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "0"): digits += 1
            case UInt8(ascii: "1") ... UInt8(ascii: "9"): digits += 1; nonZero = true
            default: return true
            }
        }
        return digits == 0 || points > 1 || nonZero
    }
}
