import CZlib

/// zlib's inflate, one shot: a gzip member, a zlib stream or raw deflate data in, its bytes
/// out. For data the service carries compressed (the gallery's vendored Lottie player) and
/// the tests' reading of zip entries, not for input from a client: `limit` bounds what it
/// will produce.
public enum Inflate {
    /// The bytes of `compressed` (gzip or zlib, told apart by its header; raw deflate data,
    /// a zip entry's, with `raw`), at most `limit` bytes (default 16 MiB); throws when the
    /// stream is damaged, ends early or is larger.
    public static func decompress(_ compressed: [UInt8], raw: Bool = false, limit: Int = 16 << 20) throws(DeflateError) -> [UInt8] {
        var stream = z_stream()
        let status = spinnerd_inflateInit2(&stream, raw ? -MAX_WBITS : MAX_WBITS + 32)
        guard status == Z_OK else { throw DeflateError("inflateInit2 failed (\(status))") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var result: Int32 = Z_OK
        try compressed.withUnsafeBufferPointer { (source) throws(DeflateError) in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while result != Z_STREAM_END {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                guard result == Z_OK || result == Z_STREAM_END else { throw DeflateError("inflate failed (\(result))") }
                guard output.count + produced <= limit else { throw DeflateError("inflate: more than \(limit) bytes") }
                output.append(contentsOf: chunk[..<produced])
                if result == Z_OK && produced == 0 && stream.avail_in == 0 { throw DeflateError("inflate: the stream ends early") }
            }
        }
        return output
    }
}
